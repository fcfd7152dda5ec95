package dev.stoa.extras;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserTopicsTest extends StoaTestBase {
    private static final Object[] MODERN = {"client_capabilities", Map.of("empty_topic_name", true)};

    /** A public channel (it subscribes the owner). */
    private long channel(String name) {
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", name))).success();
        JsonNode id = owner.get("/get_stream_id", "stream", name).success();
        return id.get("stream_id").asLong();
    }

    @Test
    void setFollowUnmuteAndRemoveWithEvents() {
        long s = channel("topic land");
        // a queue registered for every event type also gets the legacy muted_topics list first, as in Zulip
        List<JsonNode> ev = VerifyAction.as(member).register(MODERN).events("muted_topics", "user_topic")
                .run(() -> member.post("/user_topics", "stream_id", s, "topic", "Lunch", "visibility_policy", 1).success());
        assertThat(ev.get(1).get("topic_name").asText()).isEqualTo("Lunch");
        Object[] modernTopics = {"client_capabilities", Map.of("empty_topic_name", true), "event_types", List.of("user_topic")};
        VerifyAction.verify(member, modernTopics, () -> member.post("/user_topics", "stream_id", s, "topic", "lunch", "visibility_policy", 3).success());
        VerifyAction.verify(member, modernTopics, () -> member.post("/user_topics", "stream_id", s, "topic", "", "visibility_policy", 2).success());
        VerifyAction.as(member).register(MODERN).events("muted_topics", "user_topic")
                .run(() -> member.post("/user_topics", "stream_id", s, "topic", "lunch", "visibility_policy", 0).success());
        // removing a policy that is not there changes and announces nothing, as in Zulip
        VerifyAction.as(member).register(MODERN).events(0).noStateChange()
                .run(() -> member.post("/user_topics", "stream_id", s, "topic", "never", "visibility_policy", 0).success());
        JsonNode legacy = member.post("/register", "fetch_event_types", List.of("user_topic")).success();
        assertThat(legacy.get("user_topics").get(0).get("topic_name").asText()).isEqualTo("general chat");
    }

    @Test
    void topicErrors() {
        member.post("/user_topics", "stream_id", 999999, "topic", "x", "visibility_policy", 1).badRequest("Invalid channel ID");
        member.post("/user_topics", "topic", "x", "visibility_policy", 1).missing("stream_id");
        member.post("/user_topics", "stream_id", 1, "visibility_policy", 1).missing("topic");
        member.post("/user_topics", "stream_id", 1, "topic", "x").missing("visibility_policy");
        member.post("/user_topics", "stream_id", "one", "topic", "x", "visibility_policy", 1).badRequest("stream_id is not valid JSON");
        member.post("/user_topics", "stream_id", 1, "topic", "x", "visibility_policy", 4).badRequest("Invalid visibility_policy");
        member.post("/user_topics", "stream_id", 1, "topic", "x".repeat(61), "visibility_policy", 1).badRequest("topic is too long (limit: 60 characters)");
    }

    @Test
    void mutedUsers() {
        List<JsonNode> ev = VerifyAction.verify(member, () -> member.post("/users/me/muted_users/" + admin.userId).success());
        assertThat(ev.getFirst().get("muted_users").get(0).get("id").asLong()).isEqualTo(admin.userId);
        VerifyAction.verify(member, () -> member.post("/users/me/muted_users/" + bot.userId).success());
        member.post("/users/me/muted_users/" + admin.userId).badRequest("User already muted");
        VerifyAction.verify(member, () -> member.delete("/users/me/muted_users/" + admin.userId).success());
        member.delete("/users/me/muted_users/" + admin.userId).badRequest("User is not muted");
        member.post("/users/me/muted_users/" + member.userId).badRequest("Cannot mute self");
        member.post("/users/me/muted_users/999999").badRequest("No such user");
        member.delete("/users/me/muted_users/999999").badRequest("No such user");
        member.post("/users/me/muted_users/abc").badRequest("No such user");
        JsonNode state = member.post("/register", "fetch_event_types", List.of("muted_users")).success();
        assertThat(state.get("muted_users")).hasSize(1);
        assertThat(admin.post("/register", "fetch_event_types", List.of("muted_users")).success().get("muted_users")).isEmpty();
    }
}
