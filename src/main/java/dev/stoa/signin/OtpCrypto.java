package dev.stoa.signin;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** What the apps' one-time pads encrypt, byte for byte as Zulip does (zerver/lib/mobile_auth_otp.py, finish_desktop_flow). */
final class OtpCrypto {
    private static final SecureRandom RANDOM = new SecureRandom();

    private OtpCrypto() {}

    /** The mobile flow: the API key's ASCII bytes XOR the pad, as lowercase hex (the app XORs again). */
    static String encryptApiKey(String apiKey, String otp) {
        byte[] key = apiKey.getBytes(StandardCharsets.US_ASCII);
        byte[] pad = HexFormat.of().parseHex(otp);
        if (key.length != pad.length) throw new IllegalArgumentException("an API key is as long as the pad");
        byte[] out = new byte[key.length];
        for (int i = 0; i < out.length; i++) out[i] = (byte) (key[i] ^ pad[i]);
        return HexFormat.of().formatHex(out);
    }

    /** The desktop flow: hex(iv ‖ AES-256-GCM(pad, iv, token)), a 12-byte random iv, no associated data. */
    static String encryptDesktopToken(String token, String otp) {
        byte[] iv = new byte[12];
        RANDOM.nextBytes(iv);
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(HexFormat.of().parseHex(otp), "AES"), new GCMParameterSpec(128, iv));
            byte[] sealed = c.doFinal(token.getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(iv) + HexFormat.of().formatHex(sealed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
