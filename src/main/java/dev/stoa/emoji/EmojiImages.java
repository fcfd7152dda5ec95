package dev.stoa.emoji;

import dev.stoa.http.CommonErrors;
import dev.stoa.storage.FileStore;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * Emoji image files in the FileStore under {@code emoji/} (the data directory's emoji folder, or
 * the shared bucket): generated names (never the client's), format by magic bytes, and a PNG
 * still of the first frame for animated GIFs under {@code emoji/still/}.
 */
public final class EmojiImages {
    public static final int MAX_EMOJI_FILE_SIZE_MIB = 5;
    private static final Pattern FILE_NAME = Pattern.compile("[0-9a-f]{32}\\.(png|gif|jpg|webp)");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final FileStore files;

    public record Stored(String fileName, String stillFileName) {}

    public EmojiImages(FileStore files) {
        this.files = files;
    }

    /** The extension of a supported image, from its first bytes; empty when not an image we accept. */
    static Optional<String> extension(byte[] b) {
        if (startsWith(b, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) return Optional.of("png");
        if (startsWith(b, 'G', 'I', 'F', '8')) return Optional.of("gif");
        if (startsWith(b, 0xFF, 0xD8, 0xFF)) return Optional.of("jpg");
        if (b.length >= 12 && startsWith(b, 'R', 'I', 'F', 'F') && b[8] == 'W' && b[9] == 'E' && b[10] == 'B' && b[11] == 'P') {
            return Optional.of("webp");
        }
        return Optional.empty();
    }

    private static boolean startsWith(byte[] b, int... prefix) {
        if (b.length < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) if ((b[i] & 0xFF) != prefix[i]) return false;
        return true;
    }

    /** Checks the upload (size, format) before any write; raises Zulip's messages. */
    public static String check(byte[] bytes) {
        if (bytes.length > MAX_EMOJI_FILE_SIZE_MIB * 1024L * 1024L) {
            throw CommonErrors.uploadedFileTooLarge(MAX_EMOJI_FILE_SIZE_MIB);
        }
        return extension(bytes).orElseThrow(() -> EmojiErrors.invalidImageFormat());
    }

    /** Writes the image (and its still) under generated names; the store never shows a partial file. */
    public Stored store(byte[] bytes, String ext) {
        String base = HexFormat.of().formatHex(randomBytes());
        String name = base + "." + ext;
        files.put(key(name, false), bytes, contentType(name));
        String still = null;
        byte[] stillPng = "gif".equals(ext) ? firstFrameIfAnimated(bytes) : null;
        if (stillPng != null) {
            still = base + ".png";
            files.put(key(still, true), stillPng, "image/png");
        }
        return new Stored(name, still);
    }

    /** The file store's key of an emoji image (or of its still). */
    public static String key(String fileName, boolean still) {
        return still ? "emoji/still/" + fileName : "emoji/" + fileName;
    }

    private static byte[] randomBytes() {
        byte[] r = new byte[16];
        RANDOM.nextBytes(r);
        return r;
    }

    /** A PNG of the first frame when the GIF has more than one frame; null otherwise or when unreadable. */
    static byte[] firstFrameIfAnimated(byte[] gif) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(gif))) {
            var readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) return null;
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, false);
                if (reader.getNumImages(true) < 2) return null;
                BufferedImage first = reader.read(0);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ImageIO.write(first, "png", out);
                return out.toByteArray();
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return null; // a GIF the decoder cannot read is served as it is, without a still
        }
    }

    /** The stored image's bytes for a served path segment, or empty (unknown or malformed name). */
    public Optional<byte[]> file(String fileName, boolean still) {
        if (fileName == null || !FILE_NAME.matcher(fileName).matches()) return Optional.empty();
        return files.read(key(fileName, still));
    }

    static String contentType(String fileName) {
        String ext = fileName.substring(fileName.lastIndexOf('.') + 1);
        return switch (ext) {
            case "png" -> "image/png";
            case "gif" -> "image/gif";
            case "jpg" -> "image/jpeg";
            default -> "image/webp";
        };
    }
}
