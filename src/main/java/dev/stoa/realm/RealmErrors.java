package dev.stoa.realm;

import dev.stoa.http.ApiError;

/**
 * The error answers of realm, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class RealmErrors {
    private RealmErrors() {}

    static ApiError moderationRequestChannelMustBePrivate() {
        return ApiError.bad("Moderation request channel must be private.");
    }

    static ApiError invalidLanguage(String language) {
        return ApiError.bad("Invalid language '" + language + "'");
    }

    static ApiError badValueFor(String name, String raw) {
        return ApiError.bad("Bad value for '" + name + "': " + raw);
    }
}
