package dev.stoa.bots;

import dev.stoa.http.ApiError;

/**
 * The error answers of bots, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class BotErrors {
    private BotErrors() {}

    static ApiError storageLimitExceeded(long excess, long limit) {
        return ApiError.bad("Request exceeds storage limit by " + excess + " characters. The limit is " + limit + " characters.");
    }

    static ApiError storageValueIsNotString(String key) {
        return ApiError.bad("storage[\"" + key + "\"] is not a string");
    }

    static ApiError keyIsNotString(int index) {
        return ApiError.bad("keys[" + index + "] is not a string");
    }

    static ApiError keyDoesNotExist() {
        return ApiError.bad("Key does not exist.");
    }
}
