package dev.stoa.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stoa.config.PushConfig;
import dev.stoa.realm.Realm;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Talks to the push relay as Zulip's server does (zerver/lib/remote_server.py, send_to_push_bouncer):
 * POST {relay}/api/v1/remotes/{endpoint}, HTTP Basic with ZULIP_ORG_ID:ZULIP_ORG_KEY, User-Agent
 * ZulipServer/{version}, form-encoded or JSON (send_json_to_push_bouncer). Its error rules too: a
 * network failure or a 5xx is worth retrying; a 4xx carries the relay's code and message.
 */
public final class RelayClient {
    /** Why a request failed: {@code retry} for network trouble and 5xx (try again later), else the relay's refusal. */
    public static final class RelayException extends Exception {
        public final boolean retry;
        public final String code;

        RelayException(boolean retry, String code, String message) {
            super(message);
            this.retry = retry;
            this.code = code;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final PushConfig config;

    /**
     * Built on first use (the holder's class initialization): an HTTP client loads the TLS stack and the
     * trust store, +11 MB of idle memory for every server, most of which never talk to a relay.
     */
    private static final class Http {
        // PushBouncerSession's timeout is 15 s (30 s in older servers): a hanging relay must not hold a sender.
        static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    public RelayClient(PushConfig config) {
        this.config = config;
    }

    public boolean configured() { return config.configured(); }

    /** A form-encoded POST (send_to_push_bouncer with a dict). */
    public JsonNode postForm(String endpoint, Map<String, String> form) throws RelayException {
        String body = form.entrySet().stream().map(e -> enc(e.getKey()) + "=" + enc(e.getValue())).collect(Collectors.joining("&"));
        return send(endpoint, "application/x-www-form-urlencoded", body);
    }

    /** A JSON POST (send_json_to_push_bouncer). */
    public JsonNode postJson(String endpoint, String json) throws RelayException {
        return send(endpoint, "application/json", json);
    }

    private JsonNode send(String endpoint, String contentType, String body) throws RelayException {
        if (!config.configured()) throw new RelayException(false, null, "no push relay configured (--push-relay-url)");
        URI uri = config.relayUrl().resolve("/api/v1/remotes/" + endpoint);
        String auth = Base64.getEncoder().encodeToString((config.orgId() + ":" + config.orgKey()).getBytes(StandardCharsets.UTF_8));
        HttpRequest req = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15))
                .header("Authorization", "Basic " + auth).header("User-Agent", "ZulipServer/" + Realm.ZULIP_VERSION)
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
        HttpResponse<String> res;
        try {
            res = Http.CLIENT.send(req, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new RelayException(true, null, e.getClass().getSimpleName() + " while trying to connect to the push relay");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RelayException(true, null, "interrupted");
        }
        return answer(res.statusCode(), res.body());
    }

    private static JsonNode answer(int status, String body) throws RelayException {
        if (status >= 500) throw new RelayException(true, null, "Received " + status + " from the push relay");
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (IOException e) {
            throw new RelayException(true, null, "the push relay answered " + status + " with no JSON");
        }
        if (status >= 400) {
            throw new RelayException(false, json.path("code").asText(null), json.path("msg").asText("push relay error " + status));
        }
        if (status != 200) throw new RelayException(true, null, "the push relay answered an unexpected status " + status);
        return json;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
