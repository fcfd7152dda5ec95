package dev.stoa.playgrounds;

import dev.stoa.http.ApiError;

/**
 * The error answers of playgrounds, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class PlaygroundErrors {
    private PlaygroundErrors() {}

    static ApiError invalidPlayground() {
        return ApiError.bad("Invalid playground");
    }

    static ApiError pygmentsLanguageTooLong(int limit) {
        return ApiError.bad("pygments_language is too long (limit: " + limit + " characters)");
    }

    static ApiError invalidCharactersInPygmentsLanguage() {
        return ApiError.bad("Invalid characters in pygments language");
    }

    static ApiError nameTooLong(int limit) {
        return ApiError.bad("name is too long (limit: " + limit + " characters)");
    }
}
