package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
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
import java.security.SecureRandom;
import java.time.Instant;
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
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Predicate;
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
    /** Endpoints of the requests answered 503 while down. */
    public final LinkedBlockingQueue<String> refusedWhileDown = new LinkedBlockingQueue<>();
    /** While set, every request is answered 503 (the relay is down). */
    public volatile boolean down;
    private final HttpServer http;

    record Answer(int status, ObjectNode body) {}

    /** The relay's key pair for token registrations (settings.PUSH_REGISTRATION_ENCRYPTION_KEYS): {public, secret}. */
    public final byte[][] registrationKeys = Sodium.boxKeyPair();
    /** Legacy token registrations (zilencer's RemotePushDeviceToken): "kind:token" → user_uuid. */
    public final Map<String, String> tokens = new ConcurrentHashMap<>();
    /** E2EE registrations (RemotePushDevice): device_id → the decrypted push registration. */
    public final Map<Long, JsonNode> devices = new ConcurrentHashMap<>();
    private final AtomicLong deviceIds = new AtomicLong(1000);
    /** The relay's clock for the registration's liveness check (24 h, PUSH_REGISTRATION_LIVENESS_TIMEOUT). */
    public volatile long nowSeconds = Instant.now().getEpochSecond();

    public TestPushRelay() { this(false); }

    /** `registered`: as if `register-push-relay` had run before (zilencer knows this server). */
    public TestPushRelay(boolean registered) {
        this.registered = registered;
        try {
            http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        handlers.put("server/register", (r, x) -> serverRegister(r));
        handlers.put("server/analytics", (r, x) -> analytics(r));
        handlers.put("push/register", (r, x) -> tokenRegister(r));
        handlers.put("push/unregister", (r, x) -> tokenUnregister(r));
        handlers.put("push/e2ee/register", (r, x) -> e2eeRegister(r));
        handlers.put("push/notify", (r, x) -> notify(r));
        handlers.put("push/e2ee/notify", (r, x) -> e2eeNotify(r));
        http.createContext("/", this::handle);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
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
        return next(endpoint, r -> true);
    }

    /** The next request to `endpoint` that `which` accepts (tests share one relay: each takes its own requests). */
    public Received next(String endpoint, Predicate<Received> which) throws InterruptedException {
        List<Received> other = new ArrayList<>();
        try {
            while (true) {
                Received r = received.poll(30, TimeUnit.SECONDS);
                if (r == null) throw new AssertionError("no request to " + endpoint + " within 30 s; others: " + other);
                if (r.endpoint().equals(endpoint) && which.test(r)) return r;
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
                refusedWhileDown.add(endpoint);
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
            if (!expected.equals(auth)) violations.add("request to " + endpoint + " without this server's credentials");
            if (!expected.equals(auth) || !registered) {
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

    /** The relay's public key as the app sends it (base64, PyNaCl's Base64Encoder). */
    public String registrationPublicKey() { return Base64.getEncoder().encodeToString(registrationKeys[0]); }

    /**
     * zilencer/views.py register_remote_push_device: token and token_kind required (validate_bouncer_token_request:
     * kind 1 APNs with a hex token, or 2 FCM), ios_app_id required for APNs, user_id or user_uuid.
     */
    private Answer tokenRegister(Received r) {
        Map<String, String> f = r.form();
        Set<String> allowed = Set.of("user_id", "user_uuid", "realm_uuid", "token", "token_kind", "ios_app_id");
        if (!allowed.containsAll(f.keySet())) return violation("push/register fields " + f.keySet());
        Answer bad = checkToken(f);
        if (bad != null) return bad;
        if (f.get("token_kind").equals("1") && f.get("ios_app_id") == null) return new Answer(400, error("Missing ios_app_id", "BAD_REQUEST"));
        if (f.get("user_id") == null && f.get("user_uuid") == null) return violation("Missing user_id or user_uuid");
        if (f.get("realm_uuid") != null && f.get("user_uuid") == null) return violation("realm_uuid without user_uuid");
        tokens.put(f.get("token_kind") + ":" + f.get("token"), f.getOrDefault("user_uuid", f.get("user_id")));
        return new Answer(200, success());
    }

    /** zilencer/views.py unregister_remote_push_device: "Token does not exist" when it is not registered. */
    private Answer tokenUnregister(Received r) {
        Map<String, String> f = r.form();
        if (!Set.of("user_id", "user_uuid", "realm_uuid", "token", "token_kind").containsAll(f.keySet())) return violation("push/unregister fields " + f.keySet());
        Answer bad = checkToken(f);
        if (bad != null) return bad;
        if (tokens.remove(f.get("token_kind") + ":" + f.get("token")) == null) return new Answer(400, error("Token does not exist", "BAD_REQUEST"));
        return new Answer(200, success());
    }

    private Answer checkToken(Map<String, String> f) {
        String token = f.get("token"), kind = f.get("token_kind");
        if (token == null || token.isEmpty() || kind == null) return violation("token and token_kind are required");
        if (!kind.equals("1") && !kind.equals("2")) return violation("Invalid token type " + kind);
        if (kind.equals("1") && !token.matches("([0-9a-fA-F]{2})+")) return violation("Invalid APNS token " + token);
        return null;
    }

    /**
     * zilencer/views.py register_remote_push_device_for_e2ee_push_notification and do_register_remote_push_device:
     * the realm must be known (MISSING_REMOTE_REALM), the public key the relay's (INVALID_BOUNCER_PUBLIC_KEY), the
     * registration must open with the relay's secret key and parse as PushRegistration (token, token_kind fcm/apns,
     * ios_app_id for apns only, timestamp), and not be older than a day (REQUEST_EXPIRED). Since Zulip 12 (level
     * 468) the server sends token_id where it sent push_account_id.
     */
    private Answer e2eeRegister(Received r) {
        Map<String, String> f = r.form();
        if (!f.keySet().equals(Set.of("realm_uuid", "token_id", "encrypted_push_registration", "bouncer_public_key"))) {
            return violation("push/e2ee/register fields " + f.keySet());
        }
        if (!remoteRealms.contains(f.get("realm_uuid"))) return new Answer(400, error("Organization not registered", "MISSING_REMOTE_REALM"));
        if (!f.get("bouncer_public_key").equals(registrationPublicKey())) {
            return new Answer(400, error("Invalid bouncer_public_key", "INVALID_BOUNCER_PUBLIC_KEY"));
        }
        byte[] opened;
        try {
            opened = Sodium.sealOpen(Base64.getDecoder().decode(f.get("encrypted_push_registration")), registrationKeys[0], registrationKeys[1]);
        } catch (IllegalArgumentException e) {
            opened = null;
        }
        if (opened == null) return new Answer(400, error("Invalid encrypted_push_registration", "BAD_REQUEST"));
        JsonNode reg;
        try {
            reg = JSON.readTree(opened);
        } catch (IOException e) {
            return new Answer(400, error("Invalid encrypted_push_registration", "BAD_REQUEST"));
        }
        if (nowSeconds - reg.path("timestamp").asLong() > 24 * 3600) return new Answer(400, error("Request expired", "REQUEST_EXPIRED"));
        long id = deviceIds.incrementAndGet();
        devices.put(id, reg);
        e2eeTokens.put(f.get("token_id"), reg);
        ObjectNode ok = success();
        ok.put("device_id", id);
        return new Answer(200, ok);
    }

    /** E2EE registrations by the token id the server names them by in notifications (level 468). */
    public final Map<String, JsonNode> e2eeTokens = new ConcurrentHashMap<>();
    /** The push keys of the test's devices by token id: this relay plays the devices too, opening what they would receive. */
    public final Map<String, byte[]> deviceKeys = new ConcurrentHashMap<>();

    /** What a device received: the token it went to, and the notification (decrypted with the device's key for E2EE). */
    public record Delivered(String token, String kind, JsonNode payload) {}

    /**
     * What the relay says of the organization in notify answers ("realm": can_push, expected_end_timestamp;
     * zilencer's remote_server_notify_push through get_remote_realm_can_push): a plan ending or ended.
     */
    public volatile boolean canPush = true;
    public volatile Long expectedEnd;

    /** Legacy tokens APNs/FCM report invalid: the relay deletes them and says so (deleted_devices). */
    public final Set<String> expiredTokens = ConcurrentHashMap.newKeySet();

    /** Every notification delivered to a device, in order. */
    public final List<Delivered> delivered = new CopyOnWriteArrayList<>();

    /**
     * zilencer/views.py remote_server_notify_push (the legacy plaintext notifications): JSON with user_id and/or
     * user_uuid, realm_uuid, apns_payload, gcm_payload, gcm_options (zerver/lib/push_notifications.py
     * parse_gcm_options: only priority, "high" or "normal") and the token lists; the answer counts the user's
     * registered devices it pushed to. The FCM data is checked as zulip-flutter's MessageLegacyFcmMessage and
     * RemoveLegacyFcmMessage read it.
     */
    private Answer notify(Received r) {
        JsonNode j = r.json();
        if (j == null) return violation("push/notify must be JSON (send_json_to_push_bouncer)");
        Set<String> allowed = Set.of("user_id", "user_uuid", "realm_uuid", "apns_payload", "gcm_payload", "gcm_options", "android_devices", "apple_devices");
        for (var it = j.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!allowed.contains(k)) return violation("push/notify field " + k);
        }
        if (!j.path("apns_payload").isObject() || !j.path("gcm_payload").isObject() || !j.path("gcm_options").isObject()) {
            return violation("push/notify payloads must be objects");
        }
        JsonNode options = j.get("gcm_options");
        if (options.size() != 1 || !Set.of("high", "normal").contains(options.path("priority").asText())) {
            return violation("Invalid GCM options to bouncer: " + options);
        }
        if (!remoteRealms.contains(j.path("realm_uuid").asText())) return new Answer(400, error("Organization not registered", "MISSING_REMOTE_REALM"));
        String problem = legacyFcmProblem(j.get("gcm_payload"));
        if (problem != null) return violation(problem);
        String user = j.path("user_uuid").asText();
        int android = 0, apple = 0;
        ObjectNode ok = success();
        ObjectNode deleted = ok.putObject("deleted_devices");
        ArrayNode deletedAndroid = deleted.putArray("android_devices"), deletedApple = deleted.putArray("apple_devices");
        for (JsonNode t : j.path("android_devices")) {
            if (expiredTokens.contains(t.asText()) && tokens.remove("2:" + t.asText()) != null) {
                deletedAndroid.add(t.asText());
            } else if (user.equals(tokens.get("2:" + t.asText()))) {
                android++;
                delivered.add(new Delivered(t.asText(), "fcm", j.get("gcm_payload")));
            }
        }
        for (JsonNode t : j.path("apple_devices")) {
            if (expiredTokens.contains(t.asText()) && tokens.remove("1:" + t.asText()) != null) {
                deletedApple.add(t.asText());
            } else if (user.equals(tokens.get("1:" + t.asText()))) {
                apple++;
                delivered.add(new Delivered(t.asText(), "apns", j.get("apns_payload")));
            }
        }
        ok.put("total_android_devices", android).put("total_apple_devices", apple);
        ObjectNode realm = ok.putObject("realm").put("can_push", canPush);
        if (expectedEnd == null) realm.putNull("expected_end_timestamp");
        else realm.put("expected_end_timestamp", expectedEnd);
        return new Answer(200, ok);
    }

    /** What zulip-flutter requires of a legacy FCM message (lib/api/notifications.dart), or null when it parses. */
    static String legacyFcmProblem(JsonNode p) {
        String event = p.path("event").asText();
        List<String> need = new ArrayList<>(List.of("realm_url", "realm_name", "user_id"));
        switch (event) {
            case "message" -> {
                need.addAll(List.of("sender_id", "sender_avatar_url", "sender_full_name", "zulip_message_id", "time", "content"));
                if (p.has("stream_id")) need.add("topic");
            }
            case "remove" -> need.add("zulip_message_ids");
            case "test" -> { }
            default -> { return "legacy FCM event " + event; }
        }
        for (String k : need) if (!p.has(k) || p.get(k).isNull()) return "legacy FCM " + event + " payload lacks " + k;
        return null;
    }

    /**
     * zilencer/views.py's E2EE notify view with zilencer/lib/push_notifications.py send_e2ee_push_notifications:
     * JSON {realm_uuid, push_requests}; each request names a registration by token_id (one the relay does not
     * hold comes back in delete_token_ids), an FCM one with fcm_priority and payload {push_key_id, encrypted_data},
     * an APNs one with http_headers {apns_priority, apns_push_type} and payload {push_key_id, encrypted_data, aps}.
     * The payload opens with the device's push key (libsodium's crypto_secretbox_open_easy after the 24-byte
     * nonce, as zulip-flutter's PushKeyStore.decryptNotification) and must parse as the app's NotifPayload.
     */
    private Answer e2eeNotify(Received r) {
        JsonNode j = r.json();
        if (j == null || !j.path("push_requests").isArray() || j.size() != 2) return violation("push/e2ee/notify body " + j);
        if (!remoteRealms.contains(j.path("realm_uuid").asText())) return new Answer(400, error("Organization not registered", "MISSING_REMOTE_REALM"));
        int android = 0, apple = 0;
        ObjectNode ok = success();
        ArrayNode delete = JSON.createArrayNode();
        for (JsonNode req : j.get("push_requests")) {
            JsonNode reg = e2eeTokens.get(req.path("token_id").asText());
            if (reg == null) {
                delete.add(req.path("token_id").asText());
                continue;
            }
            boolean apns = reg.path("token_kind").asText().equals("apns");
            String problem = apns ? apnsRequestProblem(req) : fcmRequestProblem(req);
            if (problem != null) return violation(problem);
            JsonNode opened = open(req);
            if (opened == null) return violation("encrypted_data does not open with the device's push key (token " + req.get("token_id") + ")");
            problem = notifPayloadProblem(opened);
            if (problem != null) return violation(problem);
            delivered.add(new Delivered(req.get("token_id").asText(), apns ? "apns" : "fcm", opened));
            if (apns) apple++;
            else android++;
        }
        ok.put("android_successfully_sent_count", android).put("apple_successfully_sent_count", apple);
        ok.set("delete_token_ids", delete);
        ObjectNode realm = ok.putObject("realm").put("can_push", canPush);
        if (expectedEnd == null) realm.putNull("expected_end_timestamp");
        else realm.put("expected_end_timestamp", expectedEnd);
        return new Answer(200, ok);
    }

    private static String fcmRequestProblem(JsonNode req) {
        if (!fieldsAre(req, "token_id", "fcm_priority", "payload")) return "FCM push request fields " + req;
        if (!Set.of("high", "normal").contains(req.get("fcm_priority").asText())) return "fcm_priority " + req.get("fcm_priority");
        return fieldsAre(req.get("payload"), "push_key_id", "encrypted_data") && req.get("payload").get("push_key_id").canConvertToLong()
                ? null : "FCM payload " + req.get("payload");
    }

    private static String apnsRequestProblem(JsonNode req) {
        if (!fieldsAre(req, "token_id", "http_headers", "payload")) return "APNs push request fields " + req;
        JsonNode h = req.get("http_headers");
        if (!fieldsAre(h, "apns_priority", "apns_push_type") || !Set.of(5, 10).contains(h.get("apns_priority").asInt())
                || !Set.of("alert", "background").contains(h.get("apns_push_type").asText())) {
            return "APNs http_headers " + h;
        }
        JsonNode p = req.get("payload");
        if (!fieldsAre(p, "push_key_id", "encrypted_data", "aps")) return "APNs payload " + p;
        // The app's notification service extension runs (and decrypts) only for a mutable-content alert.
        if (h.get("apns_push_type").asText().equals("alert") && p.get("aps").path("mutable-content").asInt() != 1) return "APNs alert without mutable-content";
        return null;
    }

    private static boolean fieldsAre(JsonNode o, String... names) {
        if (o == null || !o.isObject() || o.size() != names.length) return false;
        for (String n : names) if (!o.has(n)) return false;
        return true;
    }

    private JsonNode open(JsonNode req) {
        byte[] key = deviceKeys.get(req.get("token_id").asText());
        if (key == null) return null;
        try {
            byte[] plain = Sodium.secretboxOpen(Base64.getDecoder().decode(req.get("payload").get("encrypted_data").asText()), key);
            return plain == null ? null : JSON.readTree(plain);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** What zulip-flutter's NotifPayload.fromJson requires (lib/api/notifications.dart and its .g.dart), or null when it parses. */
    static String notifPayloadProblem(JsonNode p) {
        String type = p.path("type").asText();
        List<String> need = new ArrayList<>(List.of("realm_url", "user_id"));
        switch (type) {
            case "message" -> {
                need.addAll(List.of("sender_id", "sender_avatar_url", "sender_full_name", "message_id", "time", "content"));
                need.addAll(p.has("channel_id") ? List.of("topic") : List.of("recipient_user_ids"));
            }
            case "remove" -> need.add("message_ids");
            case "test" -> { }
            default -> { return "E2EE payload type " + type; }
        }
        for (String k : need) if (!p.has(k) || p.get(k).isNull()) return "E2EE " + type + " payload lacks " + k;
        if (!p.get("user_id").canConvertToInt()) return "user_id must be an int";
        return null;
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
        SecureRandom r = new SecureRandom();
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 64; i++) s.append(alphabet.charAt(r.nextInt(alphabet.length())));
        return s.toString();
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
