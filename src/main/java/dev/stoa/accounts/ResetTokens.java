package dev.stoa.accounts;

import dev.stoa.identity.User;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Password reset tokens: "<user id>-<expiry>-<signature>", the signature an HMAC-SHA256 over the
 * id, the expiry and the user's current password hash. Signed (nobody forges one), expiring, and
 * single-use without any table: setting the new password changes the hash the signature covers,
 * as Django's PasswordResetTokenGenerator.
 */
final class ResetTokens {
    private final byte[] key;

    ResetTokens(String key) {
        this.key = key.getBytes(StandardCharsets.UTF_8);
    }

    String issue(User u, long expiresAt) {
        return u.id() + "-" + expiresAt + "-" + sign(u, expiresAt);
    }

    /** The user id a well-formed token names, before anything is checked. */
    static Optional<Long> userId(String token) {
        String[] p = token.split("-", 3);
        if (p.length != 3 || !p[0].matches("[0-9]{1,18}") || !p[1].matches("[0-9]{1,18}")) return Optional.empty();
        return Optional.of(Long.parseLong(p[0]));
    }

    boolean valid(String token, User u, long now) {
        String[] p = token.split("-", 3);
        if (p.length != 3 || !p[1].matches("[0-9]{1,18}")) return false;
        long expiresAt = Long.parseLong(p[1]);
        return expiresAt > now && MessageDigest.isEqual(sign(u, expiresAt).getBytes(StandardCharsets.US_ASCII), p[2].getBytes(StandardCharsets.US_ASCII));
    }

    private String sign(User u, long expiresAt) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] sig = mac.doFinal((u.id() + ":" + expiresAt + ":" + (u.passwordHash() == null ? "" : u.passwordHash())).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(sig);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
