package dev.stoa.mobile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Issue 26's done-when: the app's start-up, replayed with its exact parameters and encoding
 * (lib/api/route/*.dart: JSON-encoded values as form fields, RawParameter values as they are; the
 * User-Agent of lib/api/core.dart), every answer decoded by the app's rules (FlutterModels), and
 * then an /events batch holding every event type the app handles.
 */
class MobileStartupTest extends StoaTestBase {
    static final String AGENT = "ZulipFlutter/30.0.280+280 (Android 14)";

    @Test
    void theAppStartsAndFollowsEvents() throws Exception {
        ApiClient anon = owner.anonymous().withUserAgent(AGENT);
        decodes("GetServerSettingsResult", anon.get("/server_settings"));
        ApiClient someone = server.createUser("phone@example.com", "Phone Person", 400);
        JsonNode key = decodes("FetchApiKeyResult", anon.post("/fetch_api_key", "username", "phone@example.com", "password", "secret-phone@example.com"));
        ApiClient app = anon.withCredentials(key.get("email").asText(), key.get("api_key").asText(), key.get("user_id").asLong());
        long channel = owner.post("/channels/create", "name", "phones", "subscribers", List.of(owner.userId, someone.userId)).success().get("id").asLong();
        history(channel, someone);

        JsonNode snapshot = decodes("InitialSnapshot", register(app));
        decodes("ServerEmojiData", fetch(snapshot.get("server_emoji_data_url").asText()));
        decodes("RegisterClientDeviceResult", app.post("/register_client_device"));
        decodes("UpdatePresenceResult", app.post("/users/me/presence", "status", "active", "ping_only", "false",
                "new_user_input", "true", "last_update_id", "-1", "slim_presence", "true"));
        for (Object narrow : List.of(List.of(), List.of(Map.of("operator", "channel", "operand", channel), Map.of("operator", "topic", "operand", "start")),
                List.of(Map.of("operator", "dm", "operand", List.of(owner.userId))), List.of(Map.of("operator", "is", "operand", "mentioned")))) {
            JsonNode page = decodes("GetMessagesResult", app.get("/messages", "narrow", Json.write(narrow), "anchor", "newest",
                    "num_before", "100", "num_after", "100", "allow_empty_topic_name", "true"));
            assertThat(page.get("messages")).isNotEmpty();
        }
        JsonNode one = decodes("GetMessagesResult", app.get("/messages", "narrow", "[]", "anchor", "first_unread",
                "num_before", "100", "num_after", "100", "allow_empty_topic_name", "true"));
        assertThat(one.get("messages")).isNotEmpty();

        List<JsonNode> events = new ArrayList<>();
        String queue = snapshot.get("queue_id").asText();
        long last = snapshot.get("last_event_id").asLong();
        EventScript.run(server, owner, admin, app, someone, channel);
        for (int round = 0; round < 20; round++) {
            JsonNode batch = decodes("GetEventsResult", app.get("/events", "queue_id", queue, "last_event_id", String.valueOf(last), "dont_block", "true"));
            if (batch.get("events").isEmpty()) break;
            batch.get("events").forEach(events::add);
            last = batch.get("events").get(batch.get("events").size() - 1).get("id").asLong();
        }
        TreeSet<String> handled = new TreeSet<>();
        for (JsonNode e : events) if (FlutterModels.eventClass(e) != null) handled.add(FlutterModels.eventClass(e));
        assertThat(handled).containsAll(EventScript.EXPECTED);
    }

    /** POST /register exactly as lib/api/route/events.dart's registerQueue sends it. */
    static ApiResponse register(ApiClient app) {
        return app.post("/register", "idle_queue_timeout", "\"mobile\"", "apply_markdown", "true", "client_gravatar", "false",
                "slim_presence", "true", "client_capabilities", Json.write(Map.of("notification_settings_null", true,
                        "bulk_message_deletion", true, "user_avatar_url_field_optional", true, "stream_typing_notifications", true,
                        "user_settings_object", true, "include_deactivated_groups", true, "empty_topic_name", true,
                        "individual_emoji_changes", true)));
    }

    /** What the app sees before it starts: messages with reactions (the :zulip: emoji too), an edit, a poll, statuses. */
    private void history(long channel, ApiClient someone) {
        long first = owner.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", "start", "content", "hello @**Phone Person**").success().get("id").asLong();
        owner.post("/messages/" + first + "/reactions", "emoji_name", "zulip").success();
        owner.post("/messages/" + first + "/reactions", "emoji_name", "octopus").success();
        owner.patch("/messages/" + first, "content", "hello again @**Phone Person**").success();
        owner.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", "start", "content", "/poll Lunch?\nPizza\nSoup").success();
        owner.post("/messages", "type", "direct", "to", Json.write(List.of(someone.userId)), "content", "a direct message").success();
        owner.post("/users/me/status", "emoji_name", "zulip", "status_text", "shipping").success();
    }

    static HttpResponse<String> fetchRaw(String url) throws Exception {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(
                HttpRequest.newBuilder(URI.create(url)).header("User-Agent", AGENT).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode fetch(String url) throws Exception {
        HttpResponse<String> r = fetchRaw(url);
        assertThat(r.statusCode()).as(url).isEqualTo(200);
        return Json.parse(r.body());
    }

    private static JsonNode decodes(String model, ApiResponse r) {
        return decodes(model, r.success());
    }

    static JsonNode decodes(String model, JsonNode json) {
        assertThat(FlutterModels.problems(model, json)).as("what the app cannot decode as " + model).isEmpty();
        return json;
    }
}
