package dev.stoa.alertwords;

import dev.stoa.http.ApiError;

/**
 * The error answers of alertwords, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class AlertWordErrors {
    private AlertWordErrors() {}

    static ApiError alertWordTooLong(int index, int limit) {
        return ApiError.bad("alert_words[" + index + "] is too long (limit: " + limit + " characters)");
    }

    static ApiError alertWordContainsNull(int index) {
        return ApiError.bad("alert_words[" + index + "] must not contain null bytes");
    }
}
