package dev.stoa.ops;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.Await;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 17: /health, /ready, /metrics (on its own listener only), request ids. */
class OpsEndpointsTest extends StoaTestBase {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withOps(c.ops().withMetricsPort(0)));
    }

    @Test
    void healthAndReadiness() throws Exception {
        HttpResponse<String> health = get(server.stoa.port(), "/health", null);
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(Json.parse(health.body())).isEqualTo(Json.parse("{\"result\":\"success\",\"msg\":\"\"}"));
        HttpResponse<String> ready = get(server.stoa.port(), "/ready", null);
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(Json.parse(ready.body()).get("ready").asBoolean()).isTrue();
        // The metrics listener answers the probes too, and nothing of the API.
        assertThat(get(server.stoa.metricsPort(), "/ready", null).statusCode()).isEqualTo(200);
        assertThat(get(server.stoa.metricsPort(), "/api/v1/server_settings", null).statusCode()).isEqualTo(404);
    }

    @Test
    void metricsOnlyOnTheMetricsListener() throws Exception {
        HttpResponse<String> onApi = get(server.stoa.port(), "/metrics", null);
        assertThat(onApi.statusCode()).isEqualTo(404);
        assertThat(Json.parse(onApi.body()).get("code").asText()).isEqualTo("BAD_REQUEST"); // HttpFront's unknown path
    }

    @Test
    void requestsByRouteTemplateAndStatus() throws Exception {
        member.get("/users/" + admin.userId).success();
        member.get("/users/" + guest.userId).success();
        member.get("/users/999999").error(400, "BAD_REQUEST", "No such user");
        anonymous.get("/no/such/path");
        String m = metrics();
        // One series per template, whichever id was asked for; never the raw path.
        assertThat(count(m, "GET", "/users/{user_id_or_email}", "200")).isGreaterThanOrEqualTo(2);
        assertThat(count(m, "GET", "/users/{user_id_or_email}", "400")).isEqualTo(1);
        assertThat(count(m, "GET", "unmatched", "404")).isGreaterThanOrEqualTo(1);
        assertThat(m).doesNotContain("route=\"/users/" + admin.userId).doesNotContain("/no/such/path");
        assertThat(m).contains("stoa_http_requests_seconds_bucket{method=\"GET\",route=\"/users/{user_id_or_email}\",status=\"200\",le=\"0.005\"}");
    }

    @Test
    void queuesPollsLogPoolsAndJvm() throws Exception {
        JsonNode q = member.post("/register", "event_types", List.of("message")).success();
        CompletableFuture<JsonNode> poll = CompletableFuture.supplyAsync(() -> member.get("/events",
                "queue_id", q.get("queue_id").asText(), "last_event_id", q.get("last_event_id").asText()).success());
        Await.until("the poll to park", 20, () -> gauge(metricsUnchecked(), "stoa_longpolls_parked") >= 1);
        owner.post("/messages", "type", "private", "to", List.of(member.userId), "content", "wake").success();
        poll.get(30, TimeUnit.SECONDS);
        String m = metrics();
        assertThat(gauge(m, "stoa_event_queues")).isGreaterThanOrEqualTo(1);
        assertThat(gauge(m, "stoa_event_log_lag")).isEqualTo(0);
        assertThat(gauge(m, "stoa_event_log_head_id")).isEqualTo(gauge(m, "stoa_event_log_published_id")).isPositive();
        assertThat(m).contains("hikaricp_connections_active{pool=\"stoa-write\"}", "hikaricp_connections_max{pool=\"stoa-write\"}",
                "jvm_memory_used_bytes{", "jvm_gc_", "jvm_threads_live_threads", "process_uptime_seconds");
    }

    @Test
    void everyAnswerCarriesARequestId() throws Exception {
        HttpResponse<String> r = get(server.stoa.port(), "/api/v1/server_settings", null);
        assertThat(r.headers().firstValue("X-Request-Id")).hasValueSatisfying(id -> assertThat(id).matches("[0-9a-f]{16}"));
        // A proxy's id is kept, so that its log and ours agree; an unsafe one is replaced.
        assertThat(get(server.stoa.port(), "/api/v1/server_settings", "nginx-0123456789abcdef").headers().firstValue("X-Request-Id"))
                .contains("nginx-0123456789abcdef");
        assertThat(get(server.stoa.port(), "/api/v1/server_settings", "bad id\" with quotes").headers().firstValue("X-Request-Id"))
                .hasValueSatisfying(id -> assertThat(id).matches("[0-9a-f]{16}"));
    }

    private String metrics() throws Exception {
        HttpResponse<String> r = get(server.stoa.metricsPort(), "/metrics", null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
        return r.body();
    }

    private String metricsUnchecked() {
        try {
            return metrics();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static double count(String metrics, String method, String route, String status) {
        return gauge(metrics, "stoa_http_requests_seconds_count{method=\"" + method + "\",route=\"" + route + "\",status=\"" + status + "\"}");
    }

    /** The value of the first sample whose name (with labels, when given) matches. */
    private static double gauge(String metrics, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:\\{[^}]*\\})? (\\S+)$").matcher(metrics);
        if (!m.find()) throw new AssertionError("no sample " + name + " in\n" + metrics);
        return Double.parseDouble(m.group(1));
    }

    private static HttpResponse<String> get(int port, String path, String requestId) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(20));
        if (requestId != null) b.header("X-Request-Id", requestId);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
