package dev.stoa.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.identity.User;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The Jetty handler in front of the route table: decodes parameters, authenticates, rate-limits,
 * calls the handler on its virtual thread, and writes every answer (errors included) as JSON.
 */
public final class HttpFront extends Handler.Abstract {
    private static final Logger LOG = LoggerFactory.getLogger(HttpFront.class);
    public static final int MAX_BODY_BYTES = 25 * 1024 * 1024;

    private final Router router;
    /** Routes outside /api/v1 and /json (image files, /thumbnail), matched on the full path. */
    private final Router rootRouter;
    private final Authenticator auth;
    private final Sessions sessions;
    private final WebCookies cookies;
    private final Limits limits;
    private final RequestObserver observer;
    private final Arrival arrival;

    /**
     * Told of every authenticated request before its handler runs: soft deactivation (messages) writes
     * an idle person's owed rows first, so no answer ever reads around them.
     */
    @FunctionalInterface
    public interface Arrival {
        void arrived(User user);

        Arrival NONE = user -> {};
    }
    /** When the last "database unavailable" warning was logged (one a few seconds is enough during an outage). */
    private static final AtomicLong lastUnavailableWarning = new AtomicLong();

    /** Zulip's default rate limits; tests and benchmarks raise them. */
    public record Limits(RateLimiter perUser, RateLimiter perIp) {}

    /**
     * {@code router}: the API under /api/v1 and /json; {@code rootRouter}: the rest. Basic credentials
     * ({@code auth}) authenticate everywhere; a session cookie ({@code sessions}) everywhere but /api/v1.
     */
    public HttpFront(Router router, Router rootRouter, Authenticator auth, Sessions sessions, WebCookies cookies, Limits limits,
                     RequestObserver observer, Arrival arrival) {
        super(InvocationType.BLOCKING);
        this.arrival = arrival;
        this.router = router;
        this.rootRouter = rootRouter;
        this.auth = auth;
        this.sessions = sessions;
        this.cookies = cookies;
        this.limits = limits;
        this.observer = observer;
    }

    @Override
    public boolean handle(org.eclipse.jetty.server.Request jr, Response resp, Callback callback) {
        long start = System.nanoTime();
        String id = RequestIds.of(jr.getHeaders().get(RequestIds.HEADER));
        MDC.put(RequestIds.MDC_KEY, id); // every log line of this request carries it (one virtual thread per request)
        Router.Route[] route = new Router.Route[1];
        try {
            resp.getHeaders().put(RequestIds.HEADER, id);
            Object result;
            try {
                result = dispatch(jr, resp, route);
            } catch (ApiError e) {
                result = e;
            } catch (Exception | StackOverflowError e) {
                result = overloaded(e) ? busy() : databaseUnavailable(e) ? unavailable(e)
                        : nulCharacter(e) ? nulError() : internalError(jr, e, id);
            }
            write(resp, callback, result);
            observer.observe(jr.getMethod(), route[0], status(result), System.nanoTime() - start);
            return true;
        } finally {
            MDC.remove(RequestIds.MDC_KEY);
        }
    }

    private static int status(Object result) {
        if (result instanceof WithCookies wc) result = wc.body();
        if (result instanceof ApiError e) return e.status();
        if (result instanceof RawResponse raw) return raw.status();
        return 200;
    }

    private static ApiError internalError(org.eclipse.jetty.server.Request jr, Throwable e, String id) {
        LOG.error("request {} {} {} failed", id, jr.getMethod(), jr.getHttpURI().getPath(), e);
        return CommonErrors.internalServerError(id);
    }

    /**
     * The database does not answer (PostgreSQL restarting or unreachable: no pooled connection within
     * Db's connection timeout, or the connection broke under the statement). The request is answered
     * at once with a 503 the client may retry; nothing was acknowledged, and a write either committed
     * whole or not at all.
     */
    static boolean databaseUnavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof ConnectException) return true;
            if (t instanceof SQLException s && s.getSQLState() != null
                    && (s.getSQLState().startsWith("08") || s.getSQLState().startsWith("57P"))) return true; // connection exception, operator intervention
        }
        return false;
    }

    private static ApiError unavailable(Throwable e) {
        long now = System.nanoTime(), last = lastUnavailableWarning.get();
        if (now - last > 5_000_000_000L && lastUnavailableWarning.compareAndSet(last, now)) {
            LOG.warn("database unavailable, answering 503: {}", rootMessage(e));
        }
        return CommonErrors.databaseUnavailable()
                .withHeader("Retry-After", "5");
    }

    private static boolean overloaded(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof Db.Overloaded) return true;
        return false;
    }

    /**
     * More writes wait for the database than --max-waiting-writes: refused at once, nothing written.
     * 503 + Retry-After rather than 429 RATE_LIMIT_HIT: the caller broke no limit of its own, and every
     * Zulip client already treats a 5xx as transient (the Python client retries it after a second,
     * the mobile app backs off and retries its event poll), since Zulip's own proxy answers 502/503
     * when the server is saturated. Not logged per request: under overload that is thousands a second.
     */
    private static ApiError busy() {
        long now = System.nanoTime(), last = lastBusyWarning.get();
        if (now - last > 5_000_000_000L && lastBusyWarning.compareAndSet(last, now)) {
            LOG.warn("write path overloaded: refusing writes with 503 (--max-waiting-writes)");
        }
        return CommonErrors.serverBusy().withHeader("Retry-After", "1");
    }

    private static final AtomicLong lastBusyWarning = new AtomicLong();

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    /**
     * PostgreSQL cannot store U+0000 in text. Features reject it in the fields they validate with
     * Zulip's own messages; this is the net under every other text parameter (the transaction rolled back).
     */
    private static boolean nulCharacter(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && m.contains("invalid byte sequence for encoding \"UTF8\": 0x00")) return true;
        }
        return false;
    }

    private static ApiError nulError() {
        return CommonErrors.nullCharactersInRequest();
    }

    private Object dispatch(org.eclipse.jetty.server.Request jr, Response resp, Router.Route[] route) throws Exception {
        String path = jr.getHttpURI().getPath();
        // The body is read before anything can refuse the request: an answer sent with the body still
        // unread left its bytes on the kept-alive connection, and the client's next request there got
        // no answer (issue 16's fuzzer: a POST with a body to a GET-only route).
        byte[] body = readBody(jr);
        Router.Match match;
        if (path.startsWith("/api/v1/")) match = router.match(jr.getMethod(), path.substring(7));
        else if (path.startsWith("/json/")) match = router.match(jr.getMethod(), path.substring(5));
        else if (path.startsWith("/user_uploads/")) match = router.match(jr.getMethod(), path); // the route serves the file itself
        else match = rootRouter.match(jr.getMethod(), path);
        route[0] = match.route();
        Params.Parsed parsed = Params.parse(jr, body);
        String ip = org.eclipse.jetty.server.Request.getRemoteAddr(jr);
        Request req = new Request(jr.getMethod(), path, parsed.params(), parsed.files(), match.pathParams(), ip);
        req.setUserAgent(jr.getHeaders().get(HttpHeader.USER_AGENT));
        req.setHeaders(name -> jr.getHeaders().get(name), name -> WebCookies.read(jr, name));
        req.setBody(body);
        authenticate(jr, req, match.route().auth(), resp);
        if (req.user() != null) arrival.arrived(req.user());
        Object out;
        try {
            out = match.route().handler().handle(req);
        } finally {
            chargeExtra(req);
        }
        if ((out instanceof WithCookies wc ? wc.body() : out) instanceof ObjectNode node) {
            List<String> ignored = req.ignored();
            if (!ignored.isEmpty() && !node.has("ignored_parameters_unsupported")) {
                node.set("ignored_parameters_unsupported", Json.tree(ignored));
            }
        }
        return out;
    }

    private static byte[] readBody(org.eclipse.jetty.server.Request jr) throws Exception {
        long declared = jr.getLength();
        if (declared > MAX_BODY_BYTES) throw tooLarge();
        try {
            return Content.Source.asByteArrayAsync(jr, MAX_BODY_BYTES).get();
        } catch (ExecutionException e) {
            throw tooLarge();
        }
    }

    private static ApiError tooLarge() {
        return CommonErrors.requestBodyTooLarge();
    }

    /**
     * As Zulip's rest_dispatch: outside /api/v1 a session cookie authenticates first, and then every
     * request but GET and HEAD must carry its CSRF token; otherwise HTTP Basic. /api/v1 takes Basic
     * only: a cookie the browser attaches on its own must never act there without the CSRF check.
     */
    private void authenticate(org.eclipse.jetty.server.Request jr, Request req, Router.Auth mode, Response resp) {
        if (mode == Router.Auth.NONE) {
            rateLimit("ip:" + req.remoteAddress(), limits.perIp(), resp);
            return;
        }
        if (mode == Router.Auth.WEBHOOK) {
            authenticateWebhook(jr, req, resp);
            return;
        }
        String path = req.path();
        if (!path.startsWith("/api/v1/")) {
            String cookie = WebCookies.read(jr, cookies.sessionName());
            Sessions.Session session = cookie == null ? null : sessions.find(cookie);
            if (session != null) {
                if (!Csrf.safe(req.method())) Csrf.check(jr.getHeaders().get(WebCookies.CSRF_HEADER), session.csrfToken());
                req.setSession(session);
                rateLimit(userKey(req, session.user().id()), limits.perUser(), resp);
                return;
            }
        }
        String header = jr.getHeaders().get(HttpHeader.AUTHORIZATION);
        if (header == null) {
            if (mode == Router.Auth.USER || (mode == Router.Auth.OPTIONAL && !auth.allowsSpectators())) {
                // A browser shows its own login dialog for a Basic challenge: the web client's paths get Zulip's "Session" one.
                boolean web = path.startsWith("/json/") || path.startsWith("/accounts/");
                throw CommonErrors.notLoggedIn()
                        .withHeader("WWW-Authenticate", web ? "Session realm=\"zulip\"" : BASIC_CHALLENGE);
            }
            rateLimit("ip:" + req.remoteAddress(), limits.perIp(), resp);
            return;
        }
        String[] creds = basic(header);
        req.setUser(auth.authenticate(creds[0], creds[1]));
        rateLimit(userKey(req, req.user().id()), limits.perUser(), resp);
    }

    /**
     * The per-user budget a request spends. The event queue's turnovers (GET and DELETE /events) have
     * a budget of their own, of the same size, as in Zulip: Tornado serves /events and rate-limits
     * api_by_user there with its own in-memory backend (RATE_LIMITING_DOMAINS_FOR_TORNADO), apart
     * from the rest of the API's. A client in a busy organization spent the API's whole budget on
     * its long-polls before (issue 30, finding 8).
     */
    private static String userKey(Request req, long userId) {
        String p = req.path();
        boolean events = p.equals("/api/v1/events") || p.equals("/json/events");
        return (events ? "events:user:" : "user:") + userId;
    }

    /**
     * Zulip's webhook_view: the {@code api_key} parameter names the account (any account's key; the
     * integration posts as it), else HTTP Basic as its REST views accept; neither is Zulip's missing-argument error.
     */
    private void authenticateWebhook(org.eclipse.jetty.server.Request jr, Request req, Response resp) {
        String key = req.raw("api_key");
        String header = jr.getHeaders().get(HttpHeader.AUTHORIZATION);
        if (key != null) {
            req.setUser(auth.authenticateKey(key));
        } else if (header != null) {
            String[] creds = basic(header);
            req.setUser(auth.authenticate(creds[0], creds[1]));
        } else {
            throw ApiError.missing("api_key");
        }
        rateLimit("user:" + req.user().id(), limits.perUser(), resp);
    }

    private static final String BASIC_CHALLENGE = "Basic realm=\"zulip\"";

    private static String[] basic(String header) {
        if (!header.regionMatches(true, 0, "Basic ", 0, 6)) {
            throw CommonErrors.basicAuthRequired()
                    .withHeader("WWW-Authenticate", BASIC_CHALLENGE);
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(header.substring(6).strip()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            if (colon < 0) throw new IllegalArgumentException();
            return new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
        } catch (IllegalArgumentException e) {
            throw CommonErrors.invalidBasicAuthHeader()
                    .withHeader("WWW-Authenticate", BASIC_CHALLENGE);
        }
    }

    /** The extra cost a view declared (Request.charge) spent from the caller's budget; the next requests feel it. */
    private void chargeExtra(Request req) {
        if (req.user() == null) return;
        for (int i = 0; i < req.extraCost(); i++) limits.perUser().hit("user:" + req.user().id());
    }

    private static void rateLimit(String key, RateLimiter limiter, Response resp) {
        RateLimiter.Decision d = limiter.hit(key);
        resp.getHeaders().put("X-RateLimit-Limit", String.valueOf(d.limit()));
        resp.getHeaders().put("X-RateLimit-Remaining", String.valueOf(d.remaining()));
        resp.getHeaders().put("X-RateLimit-Reset", String.valueOf(d.resetEpochSeconds()));
        if (!d.allowed()) {
            int retry = (int) Math.ceil(d.retryAfterSeconds());
            resp.getHeaders().put("Retry-After", String.valueOf(retry));
            throw CommonErrors.apiUsageExceededRateLimit().with("retry-after", retry);
        }
    }

    private static void write(Response resp, Callback callback, Object result) {
        if (result instanceof WithCookies wc) {
            for (String c : wc.setCookies()) resp.getHeaders().add(HttpHeader.SET_COOKIE, c);
            result = wc.body();
        }
        if (result instanceof FileResponse file) {
            writeFile(resp, callback, file);
            return;
        }
        if (result instanceof RawResponse raw) {
            resp.setStatus(raw.status());
            if (raw.contentType() != null) resp.getHeaders().put(HttpHeader.CONTENT_TYPE, raw.contentType());
            raw.headers().forEach((k, v) -> resp.getHeaders().put(k, v));
            resp.write(true, ByteBuffer.wrap(raw.body()), callback);
            return;
        }
        ObjectNode body;
        int status = 200;
        if (result instanceof ApiError e) {
            status = e.status();
            body = errorBody(e);
            // A refused oversized body may be partly unread: the connection cannot carry another request.
            if (status == 413) resp.getHeaders().put(HttpHeader.CONNECTION, "close");
            e.headers().forEach(resp.getHeaders()::put);
        } else if (result instanceof ObjectNode node) {
            body = node;
        } else {
            body = Json.success();
        }
        resp.setStatus(status);
        resp.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        resp.write(true, ByteBuffer.wrap(Json.bytes(body)), callback);
    }

    private static void writeFile(Response resp, Callback callback, FileResponse file) {
        resp.setStatus(200);
        resp.getHeaders().put(HttpHeader.CONTENT_TYPE, file.contentType());
        file.headers().forEach((k, v) -> resp.getHeaders().put(k, v));
        try (InputStream in = file.in()) {
            resp.getHeaders().put(HttpHeader.CONTENT_LENGTH, file.length());
            try (OutputStream out = Content.Sink.asOutputStream(resp)) {
                in.transferTo(out);
            }
            callback.succeeded();
        } catch (IOException e) {
            callback.failed(e);
        }
    }

    public static ObjectNode errorBody(ApiError e) {
        ObjectNode body = Json.object();
        body.put("result", "error");
        body.put("msg", e.getMessage());
        body.put("code", e.code().name());
        for (Map.Entry<String, Object> x : e.extra().entrySet()) body.set(x.getKey(), Json.tree(x.getValue()));
        return body;
    }
}
