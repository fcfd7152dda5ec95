package dev.stoa.org;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The legacy muted topics: PATCH /users/me/subscriptions/muted_topics, register's muted_topics and muted_topics events. */
class MutedTopicsTest extends StoaTestBase {
    /** What zulip-terminal registers with: muted_topics fetched, user_topic not asked for. */
    private static final Object[] TERMINAL = {
            "event_types", List.of("message", "update_message", "reaction", "subscription", "typing", "update_message_flags", "muted_topics"),
            "fetch_event_types", List.of("realm", "presence", "subscription", "message", "update_message_flags", "muted_topics", "realm_user",
                    "realm_user_groups"),
            "client_gravatar", true, "apply_markdown", true};
    private static final Object[] LEGACY_ONLY = {"event_types", List.of("muted_topics")};

    private long channel(ApiClient u, String name) {
        u.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", name))).success();
        return u.get("/get_stream_id", "stream", name).success().get("stream_id").asLong();
    }

    private JsonNode mutedTopics(ApiClient u, Object... params) {
        return u.post("/register", params).success().get("muted_topics");
    }

    @Test
    void terminalStartUpGetsTheLegacyList() {
        ApiClient u = server.createUser("terminal@example.com", "Terminal User", 400);
        channel(u, "Denmark");
        JsonNode state = u.post("/register", TERMINAL).success();
        assertThat(state.get("muted_topics")).isEmpty();
        assertThat(state.has("user_topics")).isFalse();
        List<JsonNode> ev = VerifyAction.as(u).register(TERMINAL).events("muted_topics")
                .run(() -> u.patch("/users/me/subscriptions/muted_topics", "stream", "Denmark", "topic", "dinner", "op", "add").success());
        JsonNode entry = ev.getFirst().get("muted_topics").get(0);
        assertThat(entry.get(0).asText()).isEqualTo("Denmark");
        assertThat(entry.get(1).asText()).isEqualTo("dinner");
        assertThat(entry.get(2).asLong()).isPositive();
        assertThat(mutedTopics(u, TERMINAL).toString()).isEqualTo(ev.getFirst().get("muted_topics").toString());
        // the modern form saw the same change
        JsonNode topics = u.post("/register", "fetch_event_types", List.of("user_topic")).success().get("user_topics");
        assertThat(topics.get(0).get("topic_name").asText()).isEqualTo("dinner");
        assertThat(topics.get(0).get("visibility_policy").asInt()).isEqualTo(1);
    }

    @Test
    void addAndRemoveByNameOrIdWithEvents() {
        ApiClient u = server.createUser("mute2@example.com", "Mute Two", 400);
        long id = channel(u, "Verona");
        VerifyAction.as(u).register(LEGACY_ONLY).events("muted_topics")
                .run(() -> u.patch("/users/me/subscriptions/muted_topics", "stream_id", id, "topic", "lunch", "op", "add").success());
        // muting again changes nothing and announces nothing, as POST /user_topics
        VerifyAction.as(u).register(LEGACY_ONLY).events(0).noStateChange()
                .run(() -> u.patch("/users/me/subscriptions/muted_topics", "stream", "verona", "topic", "lunch", "op", "add").success());
        // a queue that asked for user_topic too gets only user_topic, and register leaves muted_topics out
        Object[] both = {"event_types", List.of("muted_topics", "user_topic")};
        assertThat(u.post("/register", both).success().has("muted_topics")).isFalse();
        VerifyAction.as(u).register(both).events("user_topic")
                .run(() -> u.patch("/users/me/subscriptions/muted_topics", "stream", "Verona", "topic", "breakfast", "op", "add").success());
        // following a topic leaves the legacy list as it is, but its clients are still told
        VerifyAction.as(u).register(LEGACY_ONLY).events("muted_topics").noStateChange()
                .run(() -> u.post("/user_topics", "stream_id", id, "topic", "other", "visibility_policy", 3).success());
        VerifyAction.as(u).register(LEGACY_ONLY).events("muted_topics")
                .run(() -> u.patch("/users/me/subscriptions/muted_topics", "stream", "Verona", "topic", "lunch", "op", "remove").success());
        // remove takes any policy away, as in Zulip (here: unfollows)
        VerifyAction.as(u).register(LEGACY_ONLY).events("muted_topics").noStateChange()
                .run(() -> u.patch("/users/me/subscriptions/muted_topics", "stream_id", id, "topic", "other", "op", "remove").success());
        assertThat(u.post("/register", "fetch_event_types", List.of("user_topic")).success().get("user_topics").toString()).doesNotContain("other");
        assertThat(mutedTopics(u, LEGACY_ONLY)).hasSize(1);
    }

    @Test
    void emptyTopicAndArchivedChannels() {
        ApiClient u = server.createUser("mute3@example.com", "Mute Three", 400);
        long id = channel(u, "Scotland");
        u.post("/user_topics", "stream_id", id, "topic", "", "visibility_policy", 1).success();
        assertThat(mutedTopics(u, LEGACY_ONLY).get(0).get(1).asText()).isEqualTo("general chat");
        assertThat(mutedTopics(u, "event_types", List.of("muted_topics"), "client_capabilities", Map.of("empty_topic_name", true))
                .get(0).get(1).asText()).isEmpty();
        List<JsonNode> ev = VerifyAction.as(u).register(LEGACY_ONLY).events("muted_topics")
                .run(() -> u.patch("/users/me/subscriptions/muted_topics", "stream", "Scotland", "topic", "x", "op", "add").success());
        assertThat(ev.getFirst().get("muted_topics").toString()).contains("general chat");
        owner.delete("/streams/" + id).success();
        assertThat(mutedTopics(u, LEGACY_ONLY)).isEmpty();
    }

    @Test
    void errors() {
        long id = channel(member, "Venice");
        String path = "/users/me/subscriptions/muted_topics";
        member.patch(path, "topic", "t", "op", "add").badRequest("Missing 'stream_id' argument");
        member.patch(path, "stream", "Venice", "stream_id", id, "topic", "t", "op", "add")
                .badRequest("Unsupported parameter combination: stream_id, stream");
        member.patch(path, "stream", "Venice", "topic", "t", "op", "mute").badRequest("Invalid op");
        member.patch(path, "stream", "Venice", "topic", "x".repeat(61), "op", "add").badRequest("topic is too long (limit: 60 characters)");
        member.patch(path, "stream", "Nowhere", "topic", "t", "op", "add").badRequest("Invalid channel name 'Nowhere'");
        member.patch(path, "stream_id", 999999, "topic", "t", "op", "add").badRequest("Invalid channel ID");
        member.patch(path, "stream", "Nowhere", "topic", "t", "op", "remove").badRequest("Topic is not muted");
        member.patch(path, "stream_id", 999999, "topic", "t", "op", "remove").badRequest("Topic is not muted");
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "Secret room")), "invite_only", true).success();
        member.patch(path, "stream", "Secret room", "topic", "t", "op", "add").badRequest("Invalid channel name 'Secret room'");
    }
}
