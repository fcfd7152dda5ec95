package dev.stoa.twofactor;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.time.Instant;
import javax.crypto.spec.SecretKeySpec;

/**
 * RFC 6238 codes as authenticator apps make them (HMAC-SHA1, 30-second steps, 6 digits; the
 * library computes them): a code is accepted for the current step or one step either side (clock
 * drift), and only for a step after the last one accepted (no replay).
 */
final class Totp {
    static final int STEP_SECONDS = 30;
    private static final TimeBasedOneTimePasswordGenerator GENERATOR = new TimeBasedOneTimePasswordGenerator();
    private static final SecureRandom RANDOM = new SecureRandom();

    private Totp() {}

    /** A new 160-bit secret, base32 (RFC 4226's recommended length). */
    static String newSecret() {
        byte[] b = new byte[20];
        RANDOM.nextBytes(b);
        return Base32.encode(b);
    }

    /** The step {@code code} belongs to, if it is valid now and newer than {@code lastStep}; else -1. */
    static long matchingStep(String secret, String code, Instant now, long lastStep) {
        if (code == null || !code.matches("\\d{6}")) return -1;
        long step = now.getEpochSecond() / STEP_SECONDS;
        for (long s = step - 1; s <= step + 1; s++) {
            if (s > lastStep && code(secret, s).equals(code)) return s;
        }
        return -1;
    }

    static String code(String secret, long step) {
        try {
            int c = GENERATOR.generateOneTimePassword(new SecretKeySpec(Base32.decode(secret), "HmacSHA1"), Instant.ofEpochSecond(step * STEP_SECONDS));
            return String.format("%06d", c);
        } catch (InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
    }
}
