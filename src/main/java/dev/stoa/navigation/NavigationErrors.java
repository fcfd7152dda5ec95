package dev.stoa.navigation;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of navigation, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class NavigationErrors {
    private NavigationErrors() {}

    static ApiError viewAlreadyExists() {
        return ApiError.bad("Navigation view already exists.");
    }

    static ApiError viewDoesNotExist() {
        return ApiError.of(ErrorCode.NOT_FOUND, "Navigation view does not exist.");
    }

    static ApiError builtInViewsCannotHaveCustomName() {
        return ApiError.bad("Built-in views cannot have a custom name.");
    }

    static ApiError customViewsMustHaveValidName() {
        return ApiError.bad("Custom views must have a valid name.");
    }

    static ApiError blank(String name) {
        return ApiError.bad(name + " cannot be blank");
    }

    static ApiError containsNullBytes(String name) {
        return ApiError.bad(name + " must not contain null bytes");
    }
}
