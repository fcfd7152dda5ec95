package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.stoa.config.Config;
import dev.stoa.config.PushConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * A push relay double: Zulip's push notification service cannot run here (it delivers through
 * Apple's and Google's services with Zulip's credentials), so the tests start this HTTP server on
 * a free port, which checks every request against the protocol as Zulip's relay code defines it and
 * answers as it does. Sources (zulip/zulip): zilencer/urls.py and zilencer/auth.py (every
 * /api/v1/remotes/ endpoint but server/register takes HTTP Basic with the server's uuid and key;
 * zerver/lib/remote_server.py send_to_push_bouncer sends User-Agent ZulipServer/...),
 * zilencer/views.py register_remote_server (form fields, their lengths, the uuid check,
 * validate_hostname_or_raise_error, an example.com contact refused), remote_server_post_analytics
 * with zerver/lib/remote_server.py's AnalyticsRequest and RealmDataForAnalytics (JSON-encoded form
 * fields; realm dicts with extra="forbid"). A request that breaks a rule is recorded in
 * {@link #violations} and answered 400 as the relay would; tests assert there are none.
 */
public final class TestPushRelay implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern UUID4 = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    /** One request as received: endpoint (after /api/v1/remotes/), form fields or JSON body. */
    public record Received(String endpoint, Map<String, String> form, JsonNode json) {}

    public final String orgId = UUID.randomUUID().toString();
    public final String orgKey = random64();
    public final List<String> violations = new CopyOnWriteArrayList<>();
    public final LinkedBlockingQueue<Received> received = new LinkedBlockingQueue<>();
    /** Realm uuids the server described in server/analytics (zilencer's RemoteRealm rows). */
    public final Set<String> remoteRealms = ConcurrentHashMap.newKeySet();
    private final Map<String, BiFunction<Received, HttpExchange, Answer>> handlers = new HashMap<>();
    private volatile boolean registered;
    /** While set, every request is answered 503 (the relay is down). */
    public volatile boolean down;
    private final HttpServer http;

    record Answer(int status, ObjectNode body) {}

    public TestPushRelay() {
        try {
            http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        handlers.put("server/register", (r, x) -> serverRegister(r));
        handlers.put("server/analytics", (r, x) -> analytics(r));
        http.createContext("/", this::handle);
        http.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        http.start();
    }

    public URI url() { return URI.create("http://127.0.0.1:" + http.getAddress().getPort()); }

    /** The server configuration that points at this relay, with this server's credentials. */
    public Config configure(Config c) {
        return c.withPush(new PushConfig(url(), orgId, orgKey, "ops@stoa-test.org"));
    }

    /** Adds a handler for an endpoint (the registration and notification parts add theirs). */
    public void on(String endpoint, BiFunction<Received, HttpExchange, Answer> handler) {
        handlers.put(endpoint, handler);
    }

    /** The next request to `endpoint` (others before it are kept aside), waiting with a generous deadline. */
    public Received next(String endpoint) throws InterruptedException {
        List<Received> other = new ArrayList<>();
        try {
            while (true) {
                Received r = received.poll(30, TimeUnit.SECONDS);
                if (r == null) throw new AssertionError("no request to " + endpoint + " within 30 s; others: " + other);
                if (r.endpoint().equals(endpoint)) return r;
                other.add(r);
            }
        } finally {
            received.addAll(other);
        }
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            String path = x.getRequestURI().getPath();
            String endpoint = path.startsWith("/api/v1/remotes/") ? path.substring("/api/v1/remotes/".length()) : null;
            byte[] raw = x.getRequestBody().readAllBytes();
            if (down) {
                reply(x, new Answer(503, error("Service unavailable", null)));
                return;
            }
            Answer a = check(x, endpoint, new String(raw, StandardCharsets.UTF_8));
            reply(x, a);
        }
    }

    private Answer check(HttpExchange x, String endpoint, String body) {
        if (!"POST".equals(x.getRequestMethod())) return violation("method " + x.getRequestMethod() + " for " + endpoint);
        if (endpoint == null || !handlers.containsKey(endpoint)) return violation("unknown endpoint " + x.getRequestURI());
        String ua = x.getRequestHeaders().getFirst("User-Agent");
        if (ua == null || !ua.startsWith("ZulipServer/")) violation("User-Agent " + ua + " (send_to_push_bouncer sends ZulipServer/<version>)");
        if (!endpoint.equals("server/register")) {
            // zilencer/auth.py: Basic auth with the registered uuid and key, else INVALID_ZULIP_SERVER.
            String auth = x.getRequestHeaders().getFirst("Authorization");
            String expected = "Basic " + Base64.getEncoder().encodeToString((orgId + ":" + orgKey).getBytes(StandardCharsets.UTF_8));
            if (!expected.equals(auth) || !registered) {
                violations.add("unauthenticated or unregistered request to " + endpoint);
                return new Answer(401, error("Zulip server auth failure: key does not match role " + orgId, "INVALID_ZULIP_SERVER"));
            }
        }
        String type = x.getRequestHeaders().getFirst("Content-Type");
        Received r;
        if (type != null && type.startsWith("application/json")) {
            try {
                r = new Received(endpoint, Map.of(), JSON.readTree(body));
            } catch (IOException e) {
                return violation("bad JSON to " + endpoint);
            }
        } else {
            r = new Received(endpoint, form(body), null);
        }
        Answer a = handlers.get(endpoint).apply(r, x);
        received.add(r);
        return a;
    }

    /** zilencer/views.py register_remote_server. */
    private Answer serverRegister(Received r) {
        Map<String, String> f = r.form();
        if (!f.keySet().equals(Set.of("zulip_org_id", "zulip_org_key", "hostname", "contact_email"))
                && !f.keySet().equals(Set.of("zulip_org_id", "zulip_org_key", "hostname", "contact_email", "new_org_key"))) {
            return violation("server/register fields " + f.keySet());
        }
        if (f.get("zulip_org_id").length() != 36 || !UUID4.matcher(f.get("zulip_org_id")).matches()) return violation("zulip_org_id " + f.get("zulip_org_id"));
        if (f.get("zulip_org_key").length() != 64) return violation("zulip_org_key length");
        String host = f.get("hostname");
        if (host.isEmpty() || host.length() > 128 || host.contains("/") || host.contains("?") || host.contains("#")) return violation("hostname " + host);
        String email = f.get("contact_email");
        if (!email.matches("[^@\\s]+@[^@\\s]+\\.[a-z]+") || email.toLowerCase().endsWith("@example.com")) return violation("contact_email " + email);
        if (!f.get("zulip_org_id").equals(orgId) || !f.get("zulip_org_key").equals(orgKey)) {
            return new Answer(401, error("Zulip server auth failure: key does not match role " + f.get("zulip_org_id"), "INVALID_ZULIP_SERVER"));
        }
        boolean created = !registered;
        registered = true;
        ObjectNode ok = success();
        ok.put("created", created);
        return new Answer(200, ok);
    }

    /** zilencer/views.py remote_server_post_analytics with remote_server.py's AnalyticsRequest and RealmDataForAnalytics. */
    private Answer analytics(Received r) {
        Map<String, String> f = r.form();
        try {
            for (String list : List.of("realm_counts", "installation_counts", "realms")) {
                if (!JSON.readTree(f.getOrDefault(list, "null")).isArray()) return violation("server/analytics " + list + " must be a JSON list");
            }
            if (f.containsKey("version") && !JSON.readTree(f.get("version")).isTextual()) return violation("version must be a JSON string");
            if (f.containsKey("api_feature_level") && !JSON.readTree(f.get("api_feature_level")).isInt()) return violation("api_feature_level");
            for (JsonNode realm : JSON.readTree(f.get("realms"))) {
                Set<String> allowed = Set.of("id", "host", "url", "name", "org_type", "date_created", "deactivated", "is_system_bot_realm",
                        "authentication_methods", "uuid", "uuid_owner_secret");
                for (var it = realm.fieldNames(); it.hasNext(); ) {
                    String k = it.next();
                    if (!allowed.contains(k)) return violation("RealmDataForAnalytics forbids the extra field " + k);
                }
                for (String k : List.of("id", "host", "url", "date_created", "deactivated", "uuid", "uuid_owner_secret")) {
                    if (!realm.has(k)) return violation("RealmDataForAnalytics needs " + k);
                }
                if (!realm.get("id").isInt() || !realm.get("date_created").isNumber() || !realm.get("deactivated").isBoolean()) {
                    return violation("RealmDataForAnalytics types: " + realm);
                }
                if (!UUID4.matcher(realm.get("uuid").asText()).matches()) return violation("realm uuid must be a UUID4: " + realm.get("uuid"));
                remoteRealms.add(realm.get("uuid").asText());
            }
        } catch (IOException e) {
            return violation("server/analytics fields are not JSON");
        }
        return new Answer(200, success());
    }

    Answer violation(String what) {
        violations.add(what);
        return new Answer(400, error(what, "BAD_REQUEST"));
    }

    static ObjectNode success() {
        ObjectNode o = JSON.createObjectNode();
        o.put("result", "success").put("msg", "");
        return o;
    }

    static ObjectNode error(String msg, String code) {
        ObjectNode o = JSON.createObjectNode();
        o.put("result", "error").put("msg", msg);
        if (code != null) o.put("code", code);
        return o;
    }

    private static void reply(HttpExchange x, Answer a) throws IOException {
        byte[] out = a.body().toString().getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(a.status(), out.length);
        x.getResponseBody().write(out);
    }

    private static Map<String, String> form(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        if (body.isEmpty()) return out;
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (out.put(k, v) != null) throw new IllegalArgumentException("repeated form field " + k);
        }
        return out;
    }

    private static String random64() {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        java.security.SecureRandom r = new java.security.SecureRandom();
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 64; i++) s.append(alphabet.charAt(r.nextInt(alphabet.length())));
        return s.toString();
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
