package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Posts provider payloads over HTTP to a running Stoa as an incoming-webhook bot owned by `member`,
 * and reads back what was posted. Fixtures: src/test/resources/integrations/{integration}/{name}.json.
 */
abstract class WebhookTestBase extends StoaTestBase {
    static final String CHANNEL = "integrations";
    String botKey;
    String botEmail;
    long botId;

    @BeforeAll
    void webhookBot() {
        JsonNode created = member.post("/bots", "full_name", "Hook Bot", "short_name", "hook", "bot_type", 2).success();
        botKey = created.get("api_key").asText();
        botId = created.get("user_id").asLong();
        botEmail = member.get("/users/" + botId).success().get("user").get("email").asText();
        member.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", CHANNEL))).success();
    }

    static String fixture(String integration, String name) {
        try (InputStream in = WebhookTestBase.class.getResourceAsStream("/integrations/" + integration + "/" + name + ".json")) {
            if (in == null) throw new AssertionError("no fixture " + integration + "/" + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** POST /api/v1/external/{integration}?api_key=…&{query}, a JSON body and the given headers (name, value, …). */
    ApiResponse postJson(String integration, String body, Map<String, String> query, String... headers) {
        StringBuilder url = new StringBuilder("/api/v1/external/" + integration + "?api_key=" + botKey);
        query.forEach((k, v) -> url.append('&').append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        HttpRequest.Builder b = anonymous.request(url.toString()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) b.header(headers[i], headers[i + 1]);
        return anonymous.raw(b.build());
    }

    /** The newest message `reader` can see, raw Markdown. */
    static JsonNode newest(ApiClient reader) {
        JsonNode msgs = reader.get("/messages", "anchor", "newest", "num_before", 1, "num_after", 0,
                "narrow", List.of(), "apply_markdown", false).success().get("messages");
        return msgs.isEmpty() ? null : msgs.get(msgs.size() - 1);
    }

    /** The newest visible message's id, -1 before any. */
    long newestId() {
        JsonNode m = newest(member);
        return m == null ? -1 : m.get("id").asLong();
    }

    /** Asserts the newest message is the bot's, in the channel, with exactly this topic and content. */
    void assertPosted(String topic, String content, String client) {
        JsonNode m = newest(member);
        assertThat(m.get("sender_id").asLong()).isEqualTo(botId);
        assertThat(m.get("type").asText()).isEqualTo("stream");
        assertThat(m.get("display_recipient").asText()).isEqualTo(CHANNEL);
        assertThat(m.get("subject").asText()).isEqualTo(topic);
        assertThat(m.get("content").asText()).isEqualTo(content);
        assertThat(m.get("client").asText()).isEqualTo(client);
    }

    static Map<String, String> channel() { return Map.of("stream", CHANNEL); }

    static Map<String, String> with(String... kv) {
        Map<String, String> out = new LinkedHashMap<>(channel());
        for (int i = 0; i < kv.length; i += 2) out.put(kv[i], kv[i + 1]);
        return out;
    }

    static List<String> lines(String... l) { return new ArrayList<>(List.of(l)); }
}
