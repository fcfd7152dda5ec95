package dev.stoa.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * POST /messages/render (a preview), and GET /thumbnail, where the renderer's image previews
 * point: without network access it redirects to the original image (http(s) or a path in this
 * realm), as Zulip does for images it has not thumbnailed.
 */
public final class RenderViews {
    private final MessageRenderer renderer;

    public RenderViews(MessageRenderer renderer) {
        this.renderer = renderer;
    }

    public Object render(Request req) {
        User me = req.user();
        String content = req.str("content");
        ObjectNode out = Json.success();
        out.put("rendered", renderer.render(me, content).html());
        return out;
    }

    public Object thumbnail(Request req) {
        String url = req.str("url");
        String size = req.str("size", "full");
        if (!size.equals("full") && !size.equals("thumbnail")) throw RenderErrors.invalidSize();
        if (!redirectable(url)) throw RenderErrors.invalidUrl();
        return new RawResponse(302, "text/plain; charset=utf-8", new byte[0],
                Map.of("Location", asciiOnly(url), "Cache-Control", "private, max-age=3600"));
    }

    /** Percent-encodes non-ASCII characters (UTF-8) so the Location header stays ASCII. */
    static String asciiOnly(String url) {
        StringBuilder sb = new StringBuilder();
        for (byte b : url.getBytes(StandardCharsets.UTF_8)) {
            if (b >= 0) sb.append((char) b); else sb.append('%').append(String.format("%02X", b & 0xFF));
        }
        return sb.toString();
    }

    /** An absolute http(s) URL, or a path on this server (never "//host", which leaves it). */
    static boolean redirectable(String url) {
        if (url.isEmpty() || url.length() > 8192) return false;
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c < 0x21 || c == 0x7f) return false; // no whitespace or control characters (header injection)
        }
        if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
        try {
            URI u = new URI(url);
            String scheme = u.getScheme();
            return scheme != null && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https")) && u.getHost() != null;
        } catch (Exception e) {
            return false;
        }
    }
}
