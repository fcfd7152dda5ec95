package dev.stoa.db;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * sqlite-jdbc's native library, extracted once per content into ~/.cache/stoa/sqlite and loaded from there.
 * Left to itself, sqlite-jdbc writes a fresh copy (1.1 MB, a new name each time) into the temporary directory
 * at every start and compares it with the jar's through single-byte reads: 7 of a restart's 124 JFR samples
 * (C1). Here the jar's copy is read in bulk and checksummed, and a cached file is used only when its
 * checksum matches; on any failure sqlite-jdbc is left to its own extraction.
 */
final class SqliteNative {
    private static boolean done;

    private SqliteNative() {}

    static synchronized void prepare() {
        if (done || System.getProperty("org.sqlite.lib.path") != null) return;
        done = true;
        String name = LibraryLoaderUtil.getNativeLibName();
        try (InputStream in = SqliteNative.class.getResourceAsStream(LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name)) {
            if (in == null) return; // no bundled library for this platform: sqlite-jdbc looks elsewhere itself
            byte[] lib = in.readAllBytes();
            String file = "sqlite-" + Long.toHexString(crc(lib)) + "-" + name;
            Path dir = Path.of(System.getProperty("user.home"), ".cache", "stoa", "sqlite");
            Path cached = dir.resolve(file);
            if (!Files.isRegularFile(cached) || crc(Files.readAllBytes(cached)) != crc(lib)) {
                Files.createDirectories(dir);
                Path tmp = Files.createTempFile(dir, file, ".tmp");
                Files.write(tmp, lib);
                Files.move(tmp, cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            System.setProperty("org.sqlite.lib.path", dir.toString());
            System.setProperty("org.sqlite.lib.name", file);
        } catch (IOException | RuntimeException e) {
            // a read-only home or a full disk: sqlite-jdbc extracts into the temporary directory as before
        }
    }

    private static long crc(byte[] bytes) {
        CRC32 c = new CRC32();
        c.update(bytes);
        return c.getValue();
    }
}
