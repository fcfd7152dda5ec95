package dev.stoa.cli.demo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.IntBinaryOperator;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;

/**
 * The demo's pictures, drawn pixel by pixel and written as PNG by hand: no AWT, so the demo
 * starts no toolkit (and needs no fonts or display) for two small images.
 */
final class DemoImages {
    private DemoImages() {}

    /** The custom emoji: a white tick on a green disc, transparent around it (64×64). */
    static byte[] greenTick() {
        int size = 64;
        return png(size, size, (x, y) -> {
            double dx = x - 31.5, dy = y - 31.5;
            if (dx * dx + dy * dy > 30 * 30) return 0;
            boolean tick = nearSegment(x, y, 16, 33, 27, 44) || nearSegment(x, y, 27, 44, 48, 20);
            return tick ? 0xFFFFFFFF : 0xFF2E9E44;
        });
    }

    /** A bar chart without text (build minutes per week, as the history's message says). */
    static byte[] buildTimesChart() {
        int w = 320, h = 180;
        int[] bars = {150, 132, 120, 96, 74, 61};
        return png(w, h, (x, y) -> {
            if (y == h - 20 || x == 20) return 0xFF444444; // the axes
            int slot = (x - 30) / 48, inSlot = (x - 30) % 48;
            if (x >= 30 && slot < bars.length && inSlot < 34 && y < h - 20 && y >= h - 20 - bars[slot]) {
                return slot == bars.length - 1 ? 0xFF2E9E44 : 0xFF4A7DBF;
            }
            return 0xFFFFFFFF;
        });
    }

    private static boolean nearSegment(int px, int py, int x1, int y1, int x2, int y2) {
        double vx = x2 - x1, vy = y2 - y1;
        double t = Math.max(0, Math.min(1, ((px - x1) * vx + (py - y1) * vy) / (vx * vx + vy * vy)));
        double dx = px - (x1 + t * vx), dy = py - (y1 + t * vy);
        return dx * dx + dy * dy <= 16;
    }

    /** An 8-bit RGBA PNG of argb(x, y). */
    static byte[] png(int width, int height, IntBinaryOperator argb) {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (int y = 0; y < height; y++) {
            raw.write(0); // filter: none
            for (int x = 0; x < width; x++) {
                int c = argb.applyAsInt(x, y);
                raw.write(c >>> 16 & 0xFF);
                raw.write(c >>> 8 & 0xFF);
                raw.write(c & 0xFF);
                raw.write(c >>> 24);
            }
        }
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(idat)) {
            raw.writeTo(z);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        chunk(out, "IHDR", ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put((byte) 6).put((byte) 0)
                .put((byte) 0).put((byte) 0).array());
        chunk(out, "IDAT", idat.toByteArray());
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(t);
        out.writeBytes(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
