package dev.stoa.userstatus;

import dev.stoa.http.ApiError;

/**
 * The error answers of userstatus, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class UserStatusErrors {
    private UserStatusErrors() {}

    static ApiError noNewValues() {
        return ApiError.bad("Client did not pass any new values.");
    }

    static ApiError emojiNameRequired() {
        return ApiError.bad("Client must pass emoji_name if they pass either emoji_code or reaction_type.");
    }

    static ApiError statusTextTooLong(int limit) {
        return ApiError.bad("status_text is too long (limit: " + limit + " characters)");
    }
}
