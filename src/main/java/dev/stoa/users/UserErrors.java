package dev.stoa.users;

import dev.stoa.http.ApiError;

/**
 * The error answers of users, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class UserErrors {
    private UserErrors() {}

    public static ApiError noSuchBot() {
        return ApiError.bad("No such bot");
    }
}
