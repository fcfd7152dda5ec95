package dev.stoa.web;

import dev.stoa.http.ApiError;
import dev.stoa.http.Sessions;
import dev.stoa.http.WebCookies;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The browser client, built by Vite into the jar under {@code web/}: {@code index.html} at {@code /}
 * (and at Zulip's login URLs, {@code /accounts/login/} and {@code /login/}, where the apps' sign-in flows start) revalidated on every load, and the hashed
 * assets under {@code /static/} cached for a year as immutable. Everything else goes on to the API
 * (HttpFront), which answers unknown paths with its JSON 404.
 *
 * <p>The page gets the {@code csrftoken} cookie here (the signed-in session's token, else a fresh one
 * for the sign-in form), as Django sets it with the pages that carry a form.
 */
public final class WebClientHandler extends Handler.Wrapper {
    /**
     * Scripts only from this origin (no inline script, no eval); styles may be inline (KaTeX in messages sets them);
     * frames only YouTube's privacy-enhanced player (the lightbox plays a linked video there, as Zulip's does).
     */
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data: blob: https:; media-src 'self' blob: https:; font-src 'self' data:; connect-src 'self'; "
            + "frame-src https://www.youtube-nocookie.com; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    /**
     * In the page served to a signed-in session: the client then registers at once, and shows the sign-in
     * form without first asking the API who it is (a 401 the browser would print in its console).
     */
    static final String SIGNED_IN_META = "<meta name=\"stoa-session\" content=\"1\">";
    private static final Pattern ASSET_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,200}");
    /** Vite's content hash before the extension: {@code index-BXk3a9_Z.js}. */
    private static final Pattern HASHED = Pattern.compile(".+-[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9]+");
    private static final String NOT_BUILT = "<!doctype html><meta charset=utf-8><title>Stoa</title>"
            + "<p>This server was built without its web client. Build it with <code>./stoa run</code> "
            + "(or <code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code>), then restart.</p>";

    private record Asset(byte[] plain, byte[] gzip, String contentType, String etag) {}

    private final Sessions sessions;
    private final WebCookies cookies;
    private final Asset index;
    private final Asset indexSignedIn;
    private final Map<String, Optional<Asset>> assets = new ConcurrentHashMap<>();

    public WebClientHandler(Handler api, Sessions sessions, WebCookies cookies) {
        super(api);
        this.sessions = sessions;
        this.cookies = cookies;
        byte[] html = resource("index.html");
        String page = html != null ? new String(html, StandardCharsets.UTF_8) : NOT_BUILT;
        this.index = asset(page.getBytes(StandardCharsets.UTF_8), "index.html");
        this.indexSignedIn = asset(page.replace("</head>", SIGNED_IN_META + "</head>").getBytes(StandardCharsets.UTF_8), "index.html");
    }

    @Override
    public boolean handle(Request req, Response resp, Callback callback) throws Exception {
        String method = req.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) return super.handle(req, resp, callback);
        String path = req.getHttpURI().getPath();
        if (path.equals("/") || path.equals("/accounts/login/") || path.equals("/accounts/login") || path.equals("/login/") || path.equals("/login")) {
            resp.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
            resp.getHeaders().put("Content-Security-Policy", CSP);
            resp.getHeaders().put("X-Frame-Options", "DENY");
            resp.getHeaders().put("Referrer-Policy", "same-origin");
            send(req, resp, callback, csrfCookie(req, resp) ? indexSignedIn : index);
            return true;
        }
        if (path.startsWith("/static/")) {
            String name = path.substring("/static/".length());
            Optional<Asset> a = ASSET_NAME.matcher(name).matches() && !name.equals("index.html")
                    ? assets.computeIfAbsent(name, n -> Optional.ofNullable(resource(n)).map(b -> asset(b, n)))
                    : Optional.empty();
            if (a.isEmpty()) return super.handle(req, resp, callback); // the API's JSON 404
            resp.getHeaders().put(HttpHeader.CACHE_CONTROL, HASHED.matcher(name).matches() ? "public, max-age=31536000, immutable" : "no-cache");
            send(req, resp, callback, a.get());
            return true;
        }
        return super.handle(req, resp, callback);
    }

    /**
     * The session's token when one is signed in (so a lost cookie heals), else keeps or makes one for the sign-in form;
     * returns whether a session is signed in.
     */
    private boolean csrfCookie(Request req, Response resp) {
        String have = WebCookies.read(req, cookies.csrfName());
        String sessionKey = WebCookies.read(req, cookies.sessionName());
        Sessions.Session session = null;
        if (sessionKey != null) {
            try {
                session = sessions.find(sessionKey);
            } catch (ApiError e) {
                session = null; // a deactivated account: the page shows the sign-in form
            }
        }
        String want = session != null ? session.csrfToken() : have != null ? have : WebCookies.newToken();
        if (!want.equals(have)) resp.getHeaders().add(HttpHeader.SET_COOKIE, cookies.csrf(want));
        return session != null;
    }

    private static void send(Request req, Response resp, Callback callback, Asset a) {
        resp.getHeaders().put(HttpHeader.CONTENT_TYPE, a.contentType());
        resp.getHeaders().put("X-Content-Type-Options", "nosniff");
        resp.getHeaders().put(HttpHeader.ETAG, a.etag());
        resp.getHeaders().put(HttpHeader.VARY, "Accept-Encoding");
        String match = req.getHeaders().get(HttpHeader.IF_NONE_MATCH);
        if (a.etag().equals(match)) {
            resp.setStatus(304);
            resp.write(true, ByteBuffer.allocate(0), callback);
            return;
        }
        String accept = req.getHeaders().get(HttpHeader.ACCEPT_ENCODING);
        byte[] body = a.plain();
        if (a.gzip() != null && accept != null && accept.contains("gzip")) {
            body = a.gzip();
            resp.getHeaders().put(HttpHeader.CONTENT_ENCODING, "gzip");
        }
        resp.setStatus(200);
        resp.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        resp.write(true, req.getMethod().equals("HEAD") ? ByteBuffer.allocate(0) : ByteBuffer.wrap(body), callback);
    }

    private static byte[] resource(String name) {
        try (InputStream in = WebClientHandler.class.getResourceAsStream("/web/" + name)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    private static Asset asset(byte[] bytes, String name) {
        String type = contentType(name);
        boolean text = type.startsWith("text/") || type.startsWith("application/javascript") || type.startsWith("application/json")
                || type.startsWith("image/svg");
        byte[] gz = text ? gzip(bytes) : null;
        return new Asset(bytes, gz != null && gz.length < bytes.length ? gz : null, type, "\"" + sha256(bytes).substring(0, 32) + "\"");
    }

    static String contentType(String name) {
        String ext = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        return switch (ext) {
            case "html" -> "text/html; charset=utf-8";
            case "js", "mjs" -> "application/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "json", "map" -> "application/json";
            case "svg" -> "image/svg+xml";
            case "png" -> "image/png";
            case "jpg", "jpeg" -> "image/jpeg";
            case "gif" -> "image/gif";
            case "webp" -> "image/webp";
            case "ico" -> "image/x-icon";
            case "woff2" -> "font/woff2";
            case "woff" -> "font/woff";
            case "ttf" -> "font/ttf";
            case "txt" -> "text/plain; charset=utf-8";
            default -> "application/octet-stream";
        };
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            return null;
        }
        return out.toByteArray();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
