package dev.stoa.messages;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Zulip's temporary upload URLs (/user_uploads/temporary/{token}/{filename}): the token carries
 * the file's path id and an expiry a minute ahead, signed with HMAC-SHA256 under a key stored in
 * the database, so any node of a deployment accepts the URLs any other hands out.
 */
final class UploadTokens {
    static final long LIFETIME_SECS = 60;
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    private final byte[] key;
    private final Clock clock;

    /** key: the deployment's stored signing key (UploadStore.urlKey), so any node accepts any other's URLs. */
    UploadTokens(byte[] key, Clock clock) {
        this.key = key.clone();
        this.clock = clock;
    }

    /** A token for pathId, valid for a minute. */
    String issue(String pathId) {
        String payload = B64.encodeToString((pathId + "\n" + (clock.instant().getEpochSecond() + LIFETIME_SECS)).getBytes(StandardCharsets.UTF_8));
        return payload + "." + B64.encodeToString(sign(payload));
    }

    /** The path id a valid, unexpired token names. */
    Optional<String> verify(String token) {
        int dot = token.indexOf('.');
        if (dot < 0) return Optional.empty();
        String payload = token.substring(0, dot);
        try {
            if (!MessageDigest.isEqual(sign(payload), B64D.decode(token.substring(dot + 1)))) return Optional.empty();
            String[] parts = new String(B64D.decode(payload), StandardCharsets.UTF_8).split("\n");
            if (parts.length != 2 || clock.instant().getEpochSecond() > Long.parseLong(parts[1])) return Optional.empty();
            return Optional.of(parts[0]);
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not base64, or not a number: a forged or mangled token
        }
    }

    private byte[] sign(String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
