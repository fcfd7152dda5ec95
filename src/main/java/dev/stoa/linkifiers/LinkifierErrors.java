package dev.stoa.linkifiers;

import dev.stoa.http.ApiError;

/**
 * The error answers of linkifiers, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class LinkifierErrors {
    private LinkifierErrors() {}

    static ApiError duplicateLinkifiersInOrder() {
        return ApiError.bad("The ordered list must not contain duplicated linkifiers");
    }

    static ApiError orderMustListAllLinkifiers() {
        return ApiError.bad("The ordered list must enumerate all existing linkifiers exactly once");
    }

    static ApiError linkifierNotFound() {
        return ApiError.bad("Linkifier not found.");
    }
}
