package dev.stoa.mobile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ContractValidator;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 26: what Zulip's mobile app (zulip-flutter) sends and requires, item by item. The app names
 * itself by its User-Agent ("ZulipFlutter/<version>+<build> (<os>)", lib/api/core.dart).
 */
class MobileAppTest extends StoaTestBase {
    static final String FLUTTER_AGENT = "ZulipFlutter/30.0.280+280 (Android 14)";
    long lounge;
    ApiClient app;

    @BeforeAll
    void setUp() {
        lounge = owner.post("/channels/create", "name", "mobile lounge", "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
        app = member.withUserAgent(FLUTTER_AGENT);
    }

    /** Item 1: the app registers with idle_queue_timeout "mobile" (JSON-encoded, lib/api/route/events.dart). */
    @Test
    void idleQueueTimeoutMobile() {
        JsonNode r = app.post("/register", "idle_queue_timeout", "\"mobile\"", "event_types", List.of("message")).success();
        assertThat(r.get("idle_queue_timeout_secs").asLong()).isEqualTo(12 * 3600);
        assertThat(app.post("/register", "idle_queue_timeout", 600, "event_types", List.of("message")).success()
                .get("idle_queue_timeout_secs").asLong()).isEqualTo(600);
        app.post("/register", "idle_queue_timeout", "\"desktop\"").badRequest("idle_queue_timeout is not an integer");
        app.post("/register", "idle_queue_timeout", "mobile").badRequest("idle_queue_timeout is not valid JSON");
    }

    /** Item 2: the :zulip: emoji's type, by client: the seed's name by default, Zulip's to Zulip's apps. */
    @Test
    void extraEmojiTypeFollowsTheClient() {
        long id = owner.post("/messages", "type", "stream", "to", String.valueOf(lounge), "topic", "names", "content", "hi").success().get("id").asLong();
        JsonNode plainQueue = member.post("/register", "event_types", List.of("reaction", "user_status")).success();
        JsonNode appQueue = app.post("/register", "event_types", List.of("reaction", "user_status")).success();
        owner.post("/messages/" + id + "/reactions", "emoji_name", "zulip").success();
        owner.post("/users/me/status", "emoji_name", "zulip", "status_text", "building").success();

        assertThat(reactionType(member, id)).isEqualTo("service_extra_emoji");
        assertThat(reactionType(app, id)).isEqualTo("zulip_extra_emoji");
        assertThat(types(member, plainQueue)).containsExactly("service_extra_emoji", "service_extra_emoji");
        assertThat(types(app, appQueue)).containsExactly("zulip_extra_emoji", "zulip_extra_emoji");
        assertThat(statusType(member)).isEqualTo("service_extra_emoji");
        assertThat(statusType(app)).isEqualTo("zulip_extra_emoji");
        assertThat(member.get("/users/" + owner.userId + "/status").success().at("/status/reaction_type").asText()).isEqualTo("service_extra_emoji");
        assertThat(app.get("/users/" + owner.userId + "/status").success().at("/status/reaction_type").asText()).isEqualTo("zulip_extra_emoji");
        // both names are accepted from either kind of client
        owner.withUserAgent(FLUTTER_AGENT).delete("/messages/" + id + "/reactions", "emoji_code", "zulip", "reaction_type", "service_extra_emoji").success();
        member.post("/messages/" + id + "/reactions", "emoji_name", "zulip", "emoji_code", "zulip", "reaction_type", "zulip_extra_emoji").success();
        app.post("/users/me/status", "emoji_name", "zulip", "emoji_code", "zulip", "reaction_type", "service_extra_emoji").success();
        owner.post("/users/me/status", "emoji_name", "", "status_text", "").success();
    }

    private static String reactionType(ApiClient c, long id) {
        JsonNode m = c.get("/messages", "anchor", String.valueOf(id), "num_before", 0, "num_after", 0, "narrow", List.of()).success().get("messages").get(0);
        assertThat(c.get("/messages/" + id).success().at("/message/reactions/0/reaction_type").asText())
                .isEqualTo(m.at("/reactions/0/reaction_type").asText());
        return m.at("/reactions/0/reaction_type").asText();
    }

    private String statusType(ApiClient c) {
        return c.post("/register", "fetch_event_types", List.of("user_status")).success()
                .at("/user_status/" + owner.userId + "/reaction_type").asText();
    }

    /** The reaction_type of every event the queue got (a reaction, then a status). */
    private static List<String> types(ApiClient c, JsonNode queue) {
        List<JsonNode> events = VerifyAction.drain(c, queue.get("queue_id").asText(), queue.get("last_event_id").asLong());
        events.forEach(ContractValidator.get()::validateEvent);
        assertThat(VerifyAction.types(events)).containsExactly("reaction/add", "user_status");
        return events.stream().map(e -> e.get("reaction_type").asText()).toList();
    }

    /** Item 3: server_emoji_data_url serves Zulip's format, without credentials. */
    @Test
    void serverEmojiData() throws Exception {
        String url = app.post("/register", "fetch_event_types", List.of("realm")).success().get("server_emoji_data_url").asText();
        assertThat(url).startsWith(server.baseUrl);
        HttpResponse<String> r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        JsonNode codes = Json.parse(r.body()).get("code_to_names");
        assertThat(codes.size()).isGreaterThan(1000);
        assertThat(codes.get("1f600").get(0).asText()).isEqualTo("grinning");
        assertThat(Json.MAPPER.convertValue(codes.get("1f44d"), List.class)).startsWith("thumbs_up").contains("+1", "like");
        codes.properties().forEach(e -> {
            assertThat(e.getKey()).doesNotContain("fe0f").matches("[0-9a-f]{4,}(-[0-9a-f]{4,})*");
            assertThat(e.getValue().isArray() && !e.getValue().isEmpty()).isTrue();
        });
    }

    /** Item 5: Zulip 12's device registration (what the app calls on every start before its push registration). */
    @Test
    void clientDevices() {
        ApiClient u = server.createUser("devices@example.com", "Device Owner", 400).withUserAgent(FLUTTER_AGENT);
        long[] id = new long[1];
        VerifyAction.as(u).events("device/add").run(() -> id[0] = u.post("/register_client_device").success().get("device_id").asLong());
        JsonNode d = u.post("/register", "fetch_event_types", List.of("device")).success().get("devices").get(String.valueOf(id[0]));
        assertThat(d.get("push_key_id").isNull() && d.get("push_token_id").isNull()).isTrue();
        member.post("/remove_client_device", "device_id", id[0]).badRequest("Invalid device ID");
        bot.post("/register_client_device").badRequest("This endpoint does not accept bot requests.");
        VerifyAction.as(u).events("device/remove").run(() -> u.post("/remove_client_device", "device_id", id[0]).success());
        u.post("/remove_client_device", "device_id", id[0]).badRequest("Invalid device ID");
    }

    /** Item 10: /poll and /todo carry Zulip's widget submessage; votes and checks are submessages with their event. */
    @Test
    void widgets() {
        long poll = owner.post("/messages", "type", "stream", "to", String.valueOf(lounge), "topic", "widgets",
                "content", "/poll Lunch?\n- Pizza\n* Soup\n\n").success().get("id").asLong();
        JsonNode sub = app.get("/messages/" + poll).success().at("/message/submessages/0");
        assertThat(sub.get("msg_type").asText()).isEqualTo("widget");
        assertThat(sub.get("sender_id").asLong()).isEqualTo(owner.userId);
        assertThat(Json.parse(sub.get("content").asText())).isEqualTo(Json.parse(
                "{\"widget_type\":\"poll\",\"extra_data\":{\"question\":\"Lunch?\",\"options\":[\"Pizza\",\"Soup\"]}}"));
        String vote = Json.write(Map.of("type", "vote", "key", "canned,1", "vote", 1));
        List<JsonNode> ev = VerifyAction.as(member).events("submessage").noStateChange()
                .run(() -> member.post("/submessage", "message_id", poll, "msg_type", "widget", "content", vote).success());
        assertThat(ev.get(0).get("content").asText()).isEqualTo(vote);
        assertThat(ev.get(0).get("sender_id").asLong()).isEqualTo(member.userId);
        JsonNode page = member.get("/messages", "anchor", String.valueOf(poll), "num_before", 0, "num_after", 0, "narrow", List.of()).success();
        assertThat(page.at("/messages/0/submessages")).hasSize(2);
        member.post("/submessage", "message_id", poll, "msg_type", "widget", "content", "not json").badRequest("Invalid json for submessage");
        member.post("/submessage", "message_id", poll, "msg_type", "widget", "content", "{\"type\":\"vote\",\"key\":1,\"vote\":5}").badRequest("Invalid poll data");
        member.post("/submessage", "message_id", poll, "msg_type", "widget", "content", "{\"type\":\"question\",\"question\":\"Dinner?\"}")
                .badRequest("You can't edit a question unless you are the author.");
        owner.post("/submessage", "message_id", poll, "msg_type", "widget", "content", "{\"type\":\"question\",\"question\":\"Dinner?\"}").success();
        guest.post("/submessage", "message_id", poll, "msg_type", "widget", "content", vote).badRequest("Invalid message(s)");

        long todo = owner.post("/messages", "type", "stream", "to", String.valueOf(lounge), "topic", "widgets",
                "content", "/todo Launch\nWrite notes: the release ones\nShip").success().get("id").asLong();
        JsonNode tasks = Json.parse(app.get("/messages/" + todo).success().at("/message/submessages/0/content").asText());
        assertThat(tasks).isEqualTo(Json.parse("{\"widget_type\":\"todo\",\"extra_data\":{\"task_list_title\":\"Launch\","
                + "\"tasks\":[{\"task\":\"Write notes\",\"desc\":\"the release ones\"},{\"task\":\"Ship\",\"desc\":\"\"}]}}"));
        member.post("/submessage", "message_id", todo, "msg_type", "widget", "content", "{\"type\":\"strike\",\"key\":\"0,canned\"}").success();
        long plain = owner.post("/messages", "type", "stream", "to", String.valueOf(lounge), "topic", "widgets", "content", "no widget").success().get("id").asLong();
        member.post("/submessage", "message_id", plain, "msg_type", "widget", "content", "{}").badRequest("You cannot attach a submessage to this message.");
    }
}
