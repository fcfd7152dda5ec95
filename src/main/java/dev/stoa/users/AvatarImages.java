package dev.stoa.users;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.storage.FileStore;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * Avatar image files, as Zulip's upload_avatar_image writes them: the original as uploaded
 * ({@code <hash>.original}) and two square PNGs cut from its centre, 100 px ({@code <hash>.png})
 * and 500 px ({@code <hash>-medium.png}), scaled up where the image is smaller (Zulip's
 * resize_avatar). They live in the FileStore under {@code avatars/<realm>/}. Also the images Stoa
 * draws itself: a person's default avatar when Gravatar is off, and the "unknown user" image.
 */
public final class AvatarImages {
    /** Zulip's MAX_AVATAR_FILE_SIZE_MIB (register's max_avatar_file_size_mib). */
    public static final int MAX_FILE_SIZE_MIB = 5;
    /** Zulip's IMAGE_BOMB_TOTAL_PIXELS: larger images are refused before they are decoded. */
    static final long MAX_PIXELS = 90_000_000L;
    /** Zulip's THUMBNAIL_ACCEPT_IMAGE_TYPES, by the file name's extension (Zulip guesses the type from the name). */
    private static final Map<String, String> TYPES = Map.ofEntries(Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"), Map.entry("gif", "image/gif"), Map.entry("webp", "image/webp"), Map.entry("tif", "image/tiff"),
            Map.entry("tiff", "image/tiff"), Map.entry("avif", "image/avif"), Map.entry("heic", "image/heic"), Map.entry("svg", "image/svg+xml"));
    private static final Pattern STORED = Pattern.compile("[0-9a-f]{40}(-medium)?\\.png");

    private final FileStore files;

    public AvatarImages(FileStore files) {
        this.files = files;
    }

    /** An upload checked and cut to size, nothing written yet. */
    public record Resized(byte[] original, String contentType, byte[] small, byte[] medium) {}

    /** Zulip's checks in its order (the name's type, then the decoded image), then the two sizes. */
    public static Resized resize(String fileName, byte[] bytes) {
        String type = typeOf(fileName);
        if (type == null) throw badImage("Invalid image format");
        // upright first, as libvips' thumbnail does: a phone's photo carries its turn in EXIF
        BufferedImage image = ExifOrientation.upright(decode(bytes), ExifOrientation.of(bytes));
        return new Resized(bytes, type, png(square(image, AvatarUrls.SIZE)), png(square(image, AvatarUrls.MEDIUM_SIZE)));
    }

    static String typeOf(String fileName) {
        int dot = fileName == null ? -1 : fileName.lastIndexOf('.');
        return dot < 0 ? null : TYPES.get(fileName.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    /** The first frame, after checking the size its header declares (a small file can declare a huge image). */
    private static BufferedImage decode(byte[] bytes) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            var readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) throw undecodable();
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true);
                int w = reader.getWidth(0), h = reader.getHeight(0);
                if ((long) w * h > MAX_PIXELS) throw badImage("Image size exceeds limit.");
                // decoded at no more than twice the medium size: a 5 MiB file may declare 90 million pixels
                var param = reader.getDefaultReadParam();
                int step = Math.max(1, Math.min(w, h) / (2 * AvatarUrls.MEDIUM_SIZE));
                param.setSourceSubsampling(step, step, 0, 0);
                return reader.read(0, param);
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ApiError a) throw a;
            throw undecodable();
        }
    }

    private static ApiError undecodable() {
        return badImage("Could not decode image; did you upload an image file?");
    }

    private static ApiError badImage(String msg) {
        return ApiError.of(ErrorCode.BAD_IMAGE, msg);
    }

    /** The largest centred square, scaled to size: halving steps first, so a large photo does not alias. */
    static BufferedImage square(BufferedImage image, int size) {
        int side = Math.min(image.getWidth(), image.getHeight());
        BufferedImage current = draw(image, (image.getWidth() - side) / 2, (image.getHeight() - side) / 2, side, side);
        while (side / 2 >= size) {
            side /= 2;
            current = draw(current, 0, 0, current.getWidth(), side);
        }
        return draw(current, 0, 0, current.getWidth(), size);
    }

    /** The square (x, y, from) of image drawn at to × to pixels. */
    private static BufferedImage draw(BufferedImage image, int x, int y, int from, int to) {
        BufferedImage out = new BufferedImage(to, to, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.drawImage(image, 0, 0, to, to, x, y, x + from, y + from, null);
        g.dispose();
        return out;
    }

    static byte[] png(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Writes the three files of an avatar version (base: AvatarUrls.base of the user and version). */
    public void store(String base, Resized r) {
        files.put(key(base + ".original"), r.original(), r.contentType());
        files.put(key(base + ".png"), r.small(), "image/png");
        files.put(key(base + "-medium.png"), r.medium(), "image/png");
    }

    /** Removes the files of an avatar version (none there: nothing happens). */
    public void delete(String base) {
        for (String suffix : new String[] {".original", ".png", "-medium.png"}) files.delete(key(base + suffix));
    }

    /** A stored PNG by its served name, or empty (unknown or malformed name). */
    public Optional<byte[]> read(String name) {
        return STORED.matcher(name).matches() ? files.read(key(name)) : Optional.empty();
    }

    private static String key(String name) {
        return "avatars/" + AvatarUrls.REALM_ID + "/" + name;
    }

    /**
     * A default avatar drawn from a hash (40 hex digits, a served name's stem): a symmetric 5×5
     * pattern in one colour, as Gravatar's identicons, so it tells people apart and shows nothing
     * of who they are. Empty for a name that is not such a hash.
     */
    public static Optional<byte[]> generated(String name) {
        var m = Pattern.compile("([0-9a-f]{40})(-medium)?\\.png").matcher(name);
        if (!m.matches()) return Optional.empty();
        byte[] h = HexFormat.of().parseHex(m.group(1));
        int size = m.group(2) == null ? AvatarUrls.SIZE : AvatarUrls.MEDIUM_SIZE;
        Color fg = Color.getHSBColor((h[0] & 0xFF) / 256f, 0.45f + (h[1] & 0x3F) / 256f, 0.55f + (h[2] & 0x3F) / 320f);
        BufferedImage out = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.setColor(new Color(0xF0, 0xF0, 0xF0));
        g.fillRect(0, 0, size, size);
        g.setColor(fg);
        int cell = size / 6, margin = (size - 5 * cell) / 2;
        for (int row = 0; row < 5; row++) {
            for (int col = 0; col < 3; col++) {
                if (((h[3 + row * 3 + col] & 0xFF) & 1) == 0) continue;
                g.fillRect(margin + col * cell, margin + row * cell, cell, cell);
                g.fillRect(margin + (4 - col) * cell, margin + row * cell, cell, cell);
            }
        }
        g.dispose();
        return Optional.of(png(out));
    }

    /** Zulip's "unknown user" image (a person the viewer may not see): a grey silhouette. */
    public static byte[] unknownUser() {
        int size = AvatarUrls.SIZE;
        BufferedImage out = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0xE0, 0xE0, 0xE0));
        g.fillRect(0, 0, size, size);
        g.setColor(new Color(0x9E, 0x9E, 0x9E));
        g.fillOval(32, 16, 36, 36);
        g.fillOval(14, 58, 72, 72);
        g.dispose();
        return png(out);
    }
}
