package dev.stoa.extras;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.stoa.config.ExtrasConfig;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Each case starts its own server: the provider is server configuration. */
class VideoCallsTest {
    private static TestServer server(ExtrasConfig extras) {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withExtras(extras.withWelcome(false)));
    }

    @Test
    void jitsiMakesRoomUrlsOnTheConfiguredServer() {
        try (TestServer s = server(ExtrasConfig.defaults().withVideoCalls("jitsi", "https://meet.example.com/"))) {
            String a = s.member.post("/calls/meeting/create").success().get("url").asText();
            String b = s.member.post("/calls/zoom/create").error(400, "BAD_REQUEST", "Zoom credentials have not been configured").msg();
            assertThat(a).matches("https://meet\\.example\\.com/\\d{15}");
            assertThat(b).isNotEmpty();
            String c = s.member.post("/calls/meeting/create", "is_video_call", false).success().get("url").asText();
            assertThat(c).startsWith("https://meet.example.com/").endsWith("#config.startWithVideoMuted=true").isNotEqualTo(a);
            s.member.post("/calls/meeting/create", "is_video_call", "x").badRequest("is_video_call is not valid JSON");
            JsonNode state = s.member.post("/register", "fetch_event_types", List.of("video_calls")).success();
            assertThat(state.get("has_meeting_token").asBoolean()).isFalse();
            assertThat(state.get("has_zoom_token").asBoolean()).isFalse();
            s.member.get("/calls/meeting/register").badRequest("The video call provider needs no authorization.");
        }
    }

    @Test
    void noProviderIsAClearError() {
        try (TestServer s = server(ExtrasConfig.defaults())) {
            s.member.post("/calls/meeting/create").badRequest("No video call provider is configured on this server.");
            s.member.post("/calls/zoom/create").badRequest("Zoom credentials have not been configured");
            s.member.delete("/calls/meeting/token").badRequest("No video call provider is configured on this server.");
            s.member.anonymous().post("/calls/meeting/create").error(401, "UNAUTHORIZED", null);
        }
    }

    @Test
    void reportTypesComeFromConfiguration() {
        var types = List.of(new ExtrasConfig.ReportType("spam", "Spam"), new ExtrasConfig.ReportType("legal", "Legal issue"));
        try (TestServer s = server(ExtrasConfig.defaults().withReportTypes(types))) {
            JsonNode t = s.member.post("/register", "fetch_event_types", List.of("realm")).success().get("server_report_message_types");
            assertThat(t).hasSize(2);
            assertThat(t.get(1).get("key").asText()).isEqualTo("legal");
            assertThat(t.get(1).get("name").asText()).isEqualTo("Legal issue");
        }
        try (TestServer s = server(ExtrasConfig.defaults())) {
            JsonNode t = s.member.post("/register").success().get("server_report_message_types");
            assertThat(t).extracting(n -> n.get("key").asText()).containsExactly("spam", "harassment", "inappropriate", "norms", "other");
        }
    }

    /** Zoom against a local stand-in for zoom.us: OAuth code exchange, meeting creation, a revoked token. */
    @Test
    void zoomTokenFlow() throws Exception {
        HttpServer fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicReference<String> validToken = new AtomicReference<>("tok-1");
        fake.createContext("/oauth/token", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            boolean ok = body.contains("code=good") && ex.getRequestHeaders().getFirst("Authorization").startsWith("Basic ");
            reply(ex, ok ? 200 : 400, ok ? "{\"access_token\":\"tok-1\"}" : "{\"reason\":\"Invalid authorization code\"}");
        });
        fake.createContext("/v2/users/me/meetings", ex -> {
            boolean ok = ("Bearer " + validToken.get()).equals(ex.getRequestHeaders().getFirst("Authorization"));
            reply(ex, ok ? 201 : 401, ok ? "{\"join_url\":\"https://zoom.example/j/123\"}" : "{}");
        });
        fake.start();
        String base = "http://127.0.0.1:" + fake.getAddress().getPort();
        try (TestServer s = server(ExtrasConfig.defaults().withZoom("id", "secret", base, base))) {
            ApiClient m = s.member;
            m.post("/calls/zoom/create").error(400, "INVALID_ZOOM_TOKEN", "Invalid Zoom access token");
            m.post("/calls/meeting/create").error(400, "INVALID_MEETING_TOKEN", "Invalid video call provider access token");
            Queues q = Queues.register(m, "has_meeting_token", "has_zoom_token");

            HttpResponse<String> redirect = HttpClient.newHttpClient().send(m.request("/api/v1/calls/zoom/register").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(redirect.statusCode()).isEqualTo(302);
            String location = redirect.headers().firstValue("Location").orElseThrow();
            assertThat(location).startsWith(base + "/oauth/authorize?response_type=code&client_id=id");
            String state = URLDecoder.decode(location.replaceAll(".*state=", ""), StandardCharsets.UTF_8);

            assertThat(complete(s, "good", state + "x")).isEqualTo(400);
            assertThat(complete(s, "bad", state)).isEqualTo(400);
            // the seed's has_meeting_token and Zulip's has_zoom_token
            VerifyAction.as(m).events("has_meeting_token", "has_zoom_token").run(() -> {
                try {
                    assertThat(complete(s, "good", state)).isEqualTo(200);
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            JsonNode st = m.post("/register", "fetch_event_types", List.of("video_calls")).success();
            assertThat(st.get("has_meeting_token").asBoolean()).isTrue();
            assertThat(st.get("has_zoom_token").asBoolean()).isTrue();
            assertThat(m.post("/calls/zoom/create").success().get("url").asText()).isEqualTo("https://zoom.example/j/123");
            assertThat(m.post("/calls/meeting/create").success().get("url").asText()).isEqualTo("https://zoom.example/j/123");

            validToken.set("revoked");
            VerifyAction.as(m).events("has_meeting_token", "has_zoom_token")
                    .run(() -> m.post("/calls/zoom/create").error(400, "INVALID_ZOOM_TOKEN", "Invalid Zoom access token"));
            assertThat(m.post("/register", "fetch_event_types", List.of("video_calls")).success().get("has_meeting_token").asBoolean()).isFalse();
            List<JsonNode> events = q.drain();
            assertThat(events).extracting(e -> e.get("type").asText() + "=" + e.get("value").asBoolean())
                    .containsExactly("has_meeting_token=true", "has_zoom_token=true", "has_meeting_token=false", "has_zoom_token=false");
        } finally {
            fake.stop(0);
        }
    }

    private static int complete(TestServer s, String code, String state) throws IOException, InterruptedException {
        String url = s.baseUrl + "/api/v1/calls/zoom/complete?code=" + code + "&state=" + URLEncoder.encode(state, StandardCharsets.UTF_8);
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    private static void reply(HttpExchange ex, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length);
        ex.getResponseBody().write(b);
        ex.close();
    }
}
