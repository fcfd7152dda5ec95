package dev.stoa.snippets;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of snippets, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class SnippetErrors {
    private SnippetErrors() {}

    static ApiError snippetDoesNotExist() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "Saved snippet does not exist.");
    }

    static ApiError nothingToUpdate() {
        return ApiError.bad("Nothing to update.");
    }

    static ApiError titleEmpty() {
        return ApiError.bad("Title cannot be empty.");
    }

    static ApiError titleTooLong(int limit) {
        return ApiError.bad("title is too long (limit: " + limit + " characters)");
    }

    static ApiError titleContainsNull() {
        return ApiError.bad("title must not contain null bytes");
    }

    static ApiError contentEmpty() {
        return ApiError.bad("Content cannot be empty.");
    }

    static ApiError contentContainsNull() {
        return ApiError.bad("content must not contain null bytes");
    }
}
