package dev.stoa.drafts;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of drafts, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class DraftErrors {
    private DraftErrors() {}

    static ApiError exactlyOneChannelIdRequired() {
        return ApiError.bad("Must specify exactly 1 channel ID for channel messages");
    }

    static ApiError draftDoesNotExist() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "Draft does not exist");
    }

    static ApiError draftsSyncDisabled() {
        return ApiError.bad("User has disabled synchronizing drafts.");
    }

    static ApiError unexpectedKey(String name, String key) {
        return ApiError.bad(name + " has an unexpected key: " + key);
    }

    static ApiError invalidDraftType(String name) {
        return ApiError.bad("Invalid " + name + "[\"type\"]");
    }

    static ApiError toIsNotList(String name) {
        return ApiError.bad(name + "[\"to\"] is not a list");
    }

    static ApiError toElementIsNotInteger(String name, int index) {
        return ApiError.bad(name + "[\"to\"][" + index + "] is not an integer");
    }

    static ApiError fieldMissing(String name, String key) {
        return ApiError.bad(name + " field is missing: " + key);
    }

    static ApiError timestampIsNotNumber(String name) {
        return ApiError.bad(name + "[\"timestamp\"] is not a number");
    }

    static ApiError timestampNegative() {
        return ApiError.bad("Timestamp must not be negative.");
    }

    static ApiError timestampTooLarge(String name) {
        return ApiError.bad(name + "[\"timestamp\"] is too large");
    }
}
