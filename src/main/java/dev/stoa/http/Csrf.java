package dev.stoa.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Zulip's CSRF failure: 403 CSRF_FAILED, "CSRF error: " + Django's reason, and the reason as a field. */
public final class Csrf {
    private Csrf() {}

    /** Refuses unless {@code header} (X-CSRFToken) carries {@code expected}; null expected: there is no token to match. */
    public static void check(String header, String expected) {
        if (expected == null || expected.isEmpty()) throw failure("CSRF cookie not set.");
        if (header == null || header.isEmpty()) throw failure("CSRF token missing.");
        if (!MessageDigest.isEqual(header.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8))) {
            throw failure("CSRF token from the 'X-Csrftoken' HTTP header incorrect.");
        }
    }

    public static ApiError failure(String reason) {
        return CommonErrors.csrfError(reason).with("reason", reason);
    }

    /** GET and HEAD change nothing; every other method needs the token. */
    public static boolean safe(String method) {
        return method.equals("GET") || method.equals("HEAD");
    }
}
