package dev.stoa.accounts;

import dev.stoa.http.ApiError;

/**
 * The error answers of accounts, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class AccountErrors {
    private AccountErrors() {}

    static ApiError passwordManagedInLdap() {
        return ApiError.bad("Your Zulip password is managed in LDAP");
    }

    static ApiError newPasswordTooWeak() {
        return ApiError.bad("New password is too weak!");
    }

    static ApiError emailAddressRequired() {
        return ApiError.bad("Please enter your email address.");
    }

    static ApiError passwordsDoNotMatch() {
        return ApiError.bad("The two password fields didn't match.");
    }

    private static final String RESET_LINK_INVALID = "This password reset link has expired or has already been used.";

    static ApiError resetLinkInvalid() {
        return ApiError.bad(RESET_LINK_INVALID);
    }

    /** The reset form answers a spent or expired link with a fresh request form rather than the error. */
    static boolean isResetLinkInvalid(ApiError e) {
        return RESET_LINK_INVALID.equals(e.getMessage());
    }
}
