package dev.stoa.twofactor;

/** RFC 4648 base32 without padding: how authenticator apps take a TOTP secret (otpauth://totp/...?secret=). */
final class Base32 {
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

    private Base32() {}

    static String encode(byte[] data) {
        StringBuilder out = new StringBuilder((data.length * 8 + 4) / 5);
        int buffer = 0, bits = 0;
        for (byte b : data) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                out.append(ALPHABET.charAt((buffer >> (bits - 5)) & 31));
                bits -= 5;
            }
        }
        if (bits > 0) out.append(ALPHABET.charAt((buffer << (5 - bits)) & 31));
        return out.toString();
    }

    static byte[] decode(String text) {
        byte[] out = new byte[text.length() * 5 / 8];
        int buffer = 0, bits = 0, n = 0;
        for (char c : text.toCharArray()) {
            int v = ALPHABET.indexOf(Character.toUpperCase(c));
            if (v < 0) throw new IllegalArgumentException("not base32");
            buffer = (buffer << 5) | v;
            bits += 5;
            if (bits >= 8) {
                out[n++] = (byte) (buffer >> (bits - 8));
                bits -= 8;
            }
        }
        return out;
    }
}
