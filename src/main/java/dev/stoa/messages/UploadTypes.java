package dev.stoa.messages;

import java.net.URLConnection;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What an upload is served as. The server decides, never the uploader: a declared type is only
 * kept when its bare media type is on the allow-list of types a browser shows without running
 * anything (Zulip's INLINE_MIME_TYPES in zerver/lib/mime_types.py, less image/svg+xml and
 * text/plain: an SVG is a document that can script and navigate, and the issue keeps text out).
 * Everything else is application/octet-stream, served as an attachment. A declared value such as
 * "image/png,text/html" or "image/SVG+XML" is therefore never echoed back to a browser.
 */
public final class UploadTypes {
    public static final String OCTET_STREAM = "application/octet-stream";

    /** Images, video, audio and PDF a browser displays itself. */
    static final Set<String> INLINE = Set.of(
            "application/pdf",
            "audio/aac", "audio/flac", "audio/mp4", "audio/mpeg", "audio/wav", "audio/webm",
            "image/apng", "image/avif", "image/gif", "image/jpeg", "image/png", "image/webp",
            "video/mp4", "video/webm");

    /** Every upload answer: no sniffing, and a sandboxed, resource-less document if a browser renders it at all. */
    public static final Map<String, String> HEADERS = Map.of(
            "X-Content-Type-Options", "nosniff",
            "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");

    private UploadTypes() {}

    /** The type to store for an upload: the declared type if allowed, else one guessed from the name if allowed, else octet-stream. */
    public static String decide(String declared, String fileName) {
        String bare = bare(declared);
        if (bare == null && fileName != null) bare = bare(URLConnection.guessContentTypeFromName(fileName));
        return bare != null && INLINE.contains(bare) ? bare : OCTET_STREAM;
    }

    /** Whether a stored type may be shown inline (rows written before the allow-list are checked again here). */
    public static boolean inline(String stored) {
        return stored != null && INLINE.contains(stored);
    }

    /** The lower-cased media type before any parameters, or null when there is none. */
    private static String bare(String type) {
        if (type == null) return null;
        int semicolon = type.indexOf(';');
        String t = (semicolon < 0 ? type : type.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
        return t.isEmpty() ? null : t;
    }
}
