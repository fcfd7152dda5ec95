package dev.stoa.http;

import org.eclipse.jetty.compression.gzip.GzipCompression;
import org.eclipse.jetty.compression.server.CompressionConfig;
import org.eclipse.jetty.compression.server.CompressionHandler;
import org.eclipse.jetty.server.Handler;

/**
 * {@code Content-Encoding: gzip} for the API's JSON answers of at least {@link #MIN_BYTES}, when the
 * client sends {@code Accept-Encoding: gzip} (Jetty's CompressionHandler, as Zulip's nginx does with
 * gzip on): register for 1,000 channels is megabytes of JSON. Nothing else is compressed: files and
 * images go out as stored (most are compressed already), and request bodies are not decompressed.
 * Event polls are compressed too (a lone event stays under the threshold; a batch costs ~15 µs).
 * Measured in docs/DEVELOPING.md ("Compressed answers").
 */
public final class ApiCompression {
    /** Below about a packet, compressing saves no round trip and costs a deflater's setup. */
    static final int MIN_BYTES = 1024;

    /** zlib's fastest level: measured against the default (6) on register, see DEVELOPING.md. */
    static final int LEVEL = 1;

    private ApiCompression() {}

    public static Handler around(Handler api) {
        GzipCompression gzip = new GzipCompression();
        gzip.setMinCompressSize(MIN_BYTES);
        gzip.getDefaultEncoderConfig().setCompressionLevel(LEVEL);
        CompressionHandler handler = new CompressionHandler(api);
        handler.putCompression(gzip);
        handler.putConfiguration("/", CompressionConfig.builder()
                .compressIncludeMimeType("application/json")
                .decompressExcludeEncoding("gzip")
                .build());
        return handler;
    }
}
