package dev.stoa.push;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import org.bouncycastle.crypto.engines.XSalsa20Engine;
import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * End-to-end encryption of a notification with the device's push key, as Zulip's server does it
 * (PyNaCl's SecretBox: libsodium's crypto_secretbox, XSalsa20-Poly1305) and the app opens it
 * (zulip-flutter lib/model/push_key.dart decryptNotification: the key is the push key after its tag
 * byte 0x31; the data is the 24-byte nonce, then crypto_secretbox_easy's 16-byte MAC and the
 * ciphertext). Built on BouncyCastle's XSalsa20 and Poly1305 (NaCl's construction: the first 32
 * bytes of the key stream are the one-time Poly1305 key, the message is XORed with the stream after
 * them, the MAC covers the ciphertext).
 */
final class PushCrypto {
    static final int NONCE_BYTES = 24, MAC_BYTES = 16, KEY_BYTES = 32;
    private static final byte PUSH_KEY_TAG = 0x31;
    private static final SecureRandom RANDOM = new SecureRandom();

    private PushCrypto() {}

    /** The encrypted_data of a payload: base64 of nonce, MAC and ciphertext, under the device's push key (base64, tag first). */
    static String encrypt(String pushKeyBase64, byte[] plaintext) {
        byte[] pushKey = Base64.getDecoder().decode(pushKeyBase64);
        if (pushKey.length != KEY_BYTES + 1 || pushKey[0] != PUSH_KEY_TAG) throw new IllegalArgumentException("not a secretbox push key");
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        return Base64.getEncoder().encodeToString(secretbox(Arrays.copyOfRange(pushKey, 1, pushKey.length), nonce, plaintext));
    }

    /** nonce ‖ crypto_secretbox_easy(plaintext, nonce, key). */
    static byte[] secretbox(byte[] key, byte[] nonce, byte[] plaintext) {
        XSalsa20Engine stream = new XSalsa20Engine();
        stream.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
        byte[] macKey = new byte[KEY_BYTES];
        stream.processBytes(new byte[KEY_BYTES], 0, KEY_BYTES, macKey, 0);
        byte[] out = new byte[NONCE_BYTES + MAC_BYTES + plaintext.length];
        System.arraycopy(nonce, 0, out, 0, NONCE_BYTES);
        stream.processBytes(plaintext, 0, plaintext.length, out, NONCE_BYTES + MAC_BYTES);
        Poly1305 mac = new Poly1305();
        mac.init(new KeyParameter(macKey));
        mac.update(out, NONCE_BYTES + MAC_BYTES, plaintext.length);
        mac.doFinal(out, NONCE_BYTES);
        return out;
    }
}
