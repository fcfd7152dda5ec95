package dev.stoa.ldap;

import dev.stoa.http.ApiError;

/**
 * The error answers of ldap, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class LdapErrors {
    private LdapErrors() {}

    static ApiError notJpegPngOrGif() {
        return ApiError.bad("neither JPEG, PNG nor GIF");
    }
}
