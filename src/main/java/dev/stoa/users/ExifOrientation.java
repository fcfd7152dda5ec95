package dev.stoa.users;

import java.awt.geom.AffineTransform;
import java.awt.image.AffineTransformOp;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;

/**
 * A JPEG's EXIF orientation (tag 0x0112 of IFD0), which phone cameras set instead of turning the
 * pixels. Zulip's resize_avatar (libvips' thumbnail) turns the image upright by it; Java's decoder
 * does not, so AvatarImages applies it here. Anything unreadable counts as upright.
 */
final class ExifOrientation {
    private ExifOrientation() {}

    /** The orientation, 1 (upright) to 8; 1 when the bytes carry none. */
    static int of(byte[] b) {
        if (b.length < 4 || (b[0] & 0xFF) != 0xFF || (b[1] & 0xFF) != 0xD8) return 1;
        int i = 2;
        while (i + 4 <= b.length && (b[i] & 0xFF) == 0xFF) {
            int marker = b[i + 1] & 0xFF, length = u16(b, i + 2, false);
            if (marker == 0xDA || length < 2) return 1; // image data begins: no EXIF before it
            if (marker == 0xE1 && i + 10 <= b.length && new String(b, i + 4, 6, StandardCharsets.ISO_8859_1).equals("Exif\0\0")) {
                return fromTiff(b, i + 10, Math.min(b.length, i + 2 + length));
            }
            i += 2 + length;
        }
        return 1;
    }

    /** IFD0's orientation entry in the TIFF structure at [start, end). */
    private static int fromTiff(byte[] b, int start, int end) {
        if (start + 8 > end) return 1;
        boolean little = b[start] == 'I';
        int ifd = start + (int) u32(b, start + 4, little);
        if (ifd + 2 > end || ifd < start) return 1;
        int entries = u16(b, ifd, little);
        for (int e = 0; e < entries; e++) {
            int at = ifd + 2 + e * 12;
            if (at + 12 > end) return 1;
            if (u16(b, at, little) == 0x0112) {
                int v = u16(b, at + 8, little);
                return v >= 1 && v <= 8 ? v : 1;
            }
        }
        return 1;
    }

    private static int u16(byte[] b, int at, boolean little) {
        int x = b[at] & 0xFF, y = b[at + 1] & 0xFF;
        return little ? x | y << 8 : x << 8 | y;
    }

    private static long u32(byte[] b, int at, boolean little) {
        long hi = u16(b, at, little), lo = u16(b, at + 2, little);
        return little ? hi | lo << 16 : hi << 16 | lo;
    }

    /** The image turned upright for an orientation (EXIF's eight: mirrorings and quarter turns). */
    static BufferedImage upright(BufferedImage img, int orientation) {
        if (orientation <= 1 || orientation > 8) return img;
        int w = img.getWidth(), h = img.getHeight();
        AffineTransform t = new AffineTransform();
        switch (orientation) {
            case 2 -> { t.translate(w, 0); t.scale(-1, 1); }
            case 3 -> { t.translate(w, h); t.rotate(Math.PI); }
            case 4 -> { t.translate(0, h); t.scale(1, -1); }
            case 5 -> { t.rotate(Math.PI / 2); t.scale(1, -1); }
            case 6 -> { t.translate(h, 0); t.rotate(Math.PI / 2); }
            case 7 -> { t.scale(-1, 1); t.translate(-h, 0); t.translate(0, w); t.rotate(-Math.PI / 2); }
            default -> { t.translate(0, w); t.rotate(-Math.PI / 2); }
        }
        boolean swap = orientation >= 5;
        BufferedImage out = new BufferedImage(swap ? h : w, swap ? w : h, BufferedImage.TYPE_INT_ARGB);
        new AffineTransformOp(t, AffineTransformOp.TYPE_NEAREST_NEIGHBOR).filter(img, out);
        return out;
    }
}
