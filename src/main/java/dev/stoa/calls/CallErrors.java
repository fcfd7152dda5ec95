package dev.stoa.calls;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of calls, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class CallErrors {
    private CallErrors() {}

    static ApiError zoomNotConfigured() {
        return ApiError.bad("Zoom credentials have not been configured");
    }

    static ApiError noVideoCallProvider() {
        return ApiError.bad("No video call provider is configured on this server.");
    }

    static ApiError invalidZoomAccessToken() {
        return ApiError.of(ErrorCode.INVALID_ZOOM_TOKEN, "Invalid Zoom access token");
    }

    static ApiError invalidVideoCallProviderAccessToken() {
        return ApiError.of(ErrorCode.INVALID_MEETING_TOKEN, "Invalid video call provider access token");
    }

    static ApiError videoCallProviderNeedsNoAuthorization() {
        return ApiError.bad("The video call provider needs no authorization.");
    }

    static ApiError invalidState() {
        return ApiError.bad("Invalid state");
    }
}
