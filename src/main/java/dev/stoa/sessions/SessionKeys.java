package dev.stoa.sessions;

import dev.stoa.http.WebCookies;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Session keys and CSRF tokens, and the digests stored instead of secrets. */
public final class SessionKeys {
    private SessionKeys() {}

    public static String random() {
        return WebCookies.newToken();
    }

    public static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What a session remembers of the password it was opened with: changing the password ends it (as Django's session auth hash). */
    static String authHash(String passwordHash) {
        return sha256("session-auth:" + (passwordHash == null ? "" : passwordHash));
    }
}
