package dev.stoa.testing;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * The machine's libsodium (Debian's libsodium23), called through Java's foreign-function API: the
 * relay double and the tests play the app and the relay with the same library Zulip's code uses
 * (PyNaCl binds libsodium), independently of the server's own XSalsa20-Poly1305 (BouncyCastle).
 */
public final class Sodium {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIB = SymbolLookup.libraryLookup("libsodium.so.23", Arena.global());
    private static final MethodHandle INIT = fn("sodium_init", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle BOX_KEYPAIR = fn("crypto_box_keypair",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    private static final MethodHandle SEAL = fn("crypto_box_seal",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
    private static final MethodHandle SEAL_OPEN = fn("crypto_box_seal_open", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    private static final MethodHandle SECRETBOX_OPEN = fn("crypto_secretbox_open_easy", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    static final int SEAL_BYTES = 48, MAC_BYTES = 16, NONCE_BYTES = 24;

    static {
        try {
            if ((int) INIT.invokeExact() < 0) throw new IllegalStateException("sodium_init failed");
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private Sodium() {}

    private static MethodHandle fn(String name, FunctionDescriptor d) {
        return LINKER.downcallHandle(LIB.find(name).orElseThrow(() -> new IllegalStateException("libsodium lacks " + name)), d);
    }

    /** A Curve25519 key pair: {public, secret}. */
    public static byte[][] boxKeyPair() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment pk = a.allocate(32), sk = a.allocate(32);
            check((int) BOX_KEYPAIR.invokeExact(pk, sk));
            return new byte[][] {pk.toArray(ValueLayout.JAVA_BYTE), sk.toArray(ValueLayout.JAVA_BYTE)};
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** crypto_box_seal: what the app does to its token registration with the relay's public key. */
    public static byte[] seal(byte[] message, byte[] publicKey) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(message.length + SEAL_BYTES);
            check((int) SEAL.invokeExact(out, a.allocateFrom(ValueLayout.JAVA_BYTE, message), (long) message.length,
                    a.allocateFrom(ValueLayout.JAVA_BYTE, publicKey)));
            return out.toArray(ValueLayout.JAVA_BYTE);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** crypto_box_seal_open (PyNaCl's SealedBox.decrypt); null when it does not open. */
    public static byte[] sealOpen(byte[] sealed, byte[] publicKey, byte[] secretKey) {
        if (sealed.length < SEAL_BYTES) return null;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(sealed.length - SEAL_BYTES);
            int r = (int) SEAL_OPEN.invokeExact(out, a.allocateFrom(ValueLayout.JAVA_BYTE, sealed), (long) sealed.length,
                    a.allocateFrom(ValueLayout.JAVA_BYTE, publicKey), a.allocateFrom(ValueLayout.JAVA_BYTE, secretKey));
            return r == 0 ? out.toArray(ValueLayout.JAVA_BYTE) : null;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Opens PyNaCl's SecretBox output (24-byte nonce, then crypto_secretbox_easy's MAC and ciphertext) with a
     * 32-byte key, as the app opens its notifications; null when it does not authenticate.
     */
    public static byte[] secretboxOpen(byte[] nonceAndBox, byte[] key) {
        if (nonceAndBox.length < NONCE_BYTES + MAC_BYTES) return null;
        try (Arena a = Arena.ofConfined()) {
            int boxLen = nonceAndBox.length - NONCE_BYTES;
            MemorySegment out = a.allocate(boxLen - MAC_BYTES);
            byte[] nonce = Arrays.copyOf(nonceAndBox, NONCE_BYTES);
            byte[] box = Arrays.copyOfRange(nonceAndBox, NONCE_BYTES, nonceAndBox.length);
            int r = (int) SECRETBOX_OPEN.invokeExact(out, a.allocateFrom(ValueLayout.JAVA_BYTE, box), (long) boxLen,
                    a.allocateFrom(ValueLayout.JAVA_BYTE, nonce), a.allocateFrom(ValueLayout.JAVA_BYTE, key));
            return r == 0 ? out.toArray(ValueLayout.JAVA_BYTE) : null;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static void check(int r) {
        if (r != 0) throw new IllegalStateException("libsodium call failed: " + r);
    }
}
