package dev.stoa.render;

import dev.stoa.http.ApiError;

/**
 * The error answers of render, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class RenderErrors {
    private RenderErrors() {}

    static ApiError invalidSize() {
        return ApiError.bad("Invalid size.");
    }

    static ApiError invalidUrl() {
        return ApiError.bad("Invalid URL");
    }
}
