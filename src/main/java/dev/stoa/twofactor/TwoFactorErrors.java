package dev.stoa.twofactor;

import dev.stoa.http.ApiError;

/**
 * The error answers of twofactor, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class TwoFactorErrors {
    private TwoFactorErrors() {}

    static ApiError alreadyOn() {
        return ApiError.bad("Two-factor authentication is already on for your account.");
    }

    static ApiError startSetUpFirst() {
        return ApiError.bad("Start the set-up first.");
    }

    static ApiError invalidCode() {
        return ApiError.bad("Invalid two-factor authentication code.");
    }

    static ApiError notOn() {
        return ApiError.bad("Two-factor authentication is not on for your account.");
    }

    static ApiError notEnabledOnServer() {
        return ApiError.bad("Two-factor authentication is not enabled on this server.");
    }
}
