package dev.stoa.users;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/** Argon2id password hashes (as Zulip uses), API keys, and constant-time comparison. */
public final class Passwords {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int ITERATIONS = 2, MEMORY_KIB = 19 * 1024, PARALLELISM = 1;
    private static final String ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    private static final AtomicLong DERIVATIONS = new AtomicLong();

    private Passwords() {}

    /**
     * What an unknown sign-in is checked against: a well-formed hash whose output is random bytes, which
     * no password derives to. Verifying it costs the one derivation a real hash does, and building it
     * costs none: deriving a real one at start took ~70 MB of short-lived Argon2 blocks that the small
     * young generation promoted, leaving the idle heap ~40 MB larger (116 -> 152 MB RSS).
     */
    private static final String DUMMY_HASH = phc(randomBytes(16), randomBytes(32));

    /**
     * verify, spending the same work (one Argon2 derivation) when there is no usable hash: a sign-in
     * as an unknown user, a bot or an account without a password answered in 7 ms against 132 ms for
     * a wrong password, telling which addresses have accounts (issue 30, finding 4).
     */
    public static boolean verifyWithEqualWork(String password, String phc) {
        String given = password == null ? "" : password;
        if (phc != null && phc.startsWith("$argon2id$")) return verify(given, phc);
        verify(given, DUMMY_HASH);
        return false;
    }

    /** How many Argon2 derivations this process has made (equal work is counted, not timed, in tests). */
    public static long derivations() {
        return DERIVATIONS.get();
    }

    /** "$argon2id$v=19$m=...,t=...,p=...$salt$hash", the PHC string format. */
    public static String hash(String password) {
        byte[] salt = randomBytes(16);
        return phc(salt, derive(password, salt, ITERATIONS, MEMORY_KIB, PARALLELISM));
    }

    private static String phc(byte[] salt, byte[] out) {
        Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$"
                + b64.encodeToString(salt) + "$" + b64.encodeToString(out);
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    public static boolean verify(String password, String phc) {
        if (phc == null || password == null) return false;
        try {
            String[] parts = phc.split("\\$");
            String[] params = parts[3].split(",");
            int m = Integer.parseInt(params[0].substring(2));
            int t = Integer.parseInt(params[1].substring(2));
            int p = Integer.parseInt(params[2].substring(2));
            byte[] salt = Base64.getDecoder().decode(parts[4]);
            byte[] expected = Base64.getDecoder().decode(parts[5]);
            return MessageDigest.isEqual(expected, derive(password, salt, t, m, p));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static byte[] derive(String password, byte[] salt, int t, int m, int p) {
        DERIVATIONS.incrementAndGet();
        Argon2BytesGenerator gen = new Argon2BytesGenerator();
        gen.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withIterations(t).withMemoryAsKB(m).withParallelism(p).withSalt(salt).build());
        byte[] out = new byte[32];
        gen.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }

    /** A 32-character alphanumeric API key, as Zulip generates. */
    public static String newApiKey() {
        return randomString(32);
    }

    public static String randomString(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) sb.append(ALNUM.charAt(RANDOM.nextInt(ALNUM.length())));
        return sb.toString();
    }

    /** Constant-time string comparison (API keys). */
    public static boolean constantTimeEquals(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
