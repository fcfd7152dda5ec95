package dev.stoa.presence;

import dev.stoa.http.ApiError;

/**
 * The error answers of presence, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class PresenceErrors {
    private PresenceErrors() {}

    static ApiError notSupportedForBots() {
        return ApiError.bad("Presence is not supported for bot users.");
    }

    static ApiError noPresenceDataFor(String user) {
        return ApiError.bad("No presence data for " + user);
    }

    static ApiError invalidStatus(String status) {
        return ApiError.bad("Invalid status: " + status);
    }
}
