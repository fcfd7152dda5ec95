package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.stoa.messages.MessageDmTest.ids;
import static org.assertj.core.api.Assertions.assertThat;

/** Channel messages: targets, topics, permissions, history visibility, wildcard mentions, and what outsiders cannot see. */
class MessageChannelTest extends StoaTestBase {
    long general, secret;

    @BeforeAll
    void channels() {
        general = owner.post("/channels/create", "name", "general", "subscribers", List.of(owner.userId, admin.userId, member.userId)).success().get("id").asLong();
        secret = owner.post("/channels/create", "name", "secret", "invite_only", true, "history_public_to_subscribers", false,
                "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
    }

    long send(ApiClient c, Object to, String topic, String content) {
        return c.post("/messages", "type", "stream", "to", to, "topic", topic, "content", content).success().get("id").asLong();
    }

    @Test
    void sendByNameAndIdAndFetchWithHistory() {
        long a = send(member, "general", "greetings", "hello all");
        long b = send(member, general, "greetings", "again");
        JsonNode r = moderator.get("/messages", "anchor", "newest", "num_before", "10",
                "narrow", "[{\"operator\":\"channel\",\"operand\":" + general + "},{\"operator\":\"topic\",\"operand\":\"GREETINGS\"}]").success();
        assertThat(ids(r)).containsExactly(a, b);
        assertThat(r.get("messages").get(0).get("flags").toString()).contains("historical", "read");
        assertThat(r.get("messages").get(0).get("display_recipient").asText()).isEqualTo("general");
        JsonNode adminView = admin.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[[\"stream\",\"general\"]]").success();
        assertThat(adminView.get("messages").get(0).get("flags").toString()).doesNotContain("historical");
        guest.get("/messages/" + a).badRequest("Invalid message(s)");
        member.post("/messages", "type", "stream", "to", "nowhere", "topic", "x", "content", "x")
                .error(400, "STREAM_DOES_NOT_EXIST", "Channel 'nowhere' does not exist");
        member.post("/messages", "type", "stream", "to", "99999", "topic", "x", "content", "x")
                .error(400, "STREAM_DOES_NOT_EXIST", "Channel with ID '99999' does not exist");
    }

    @Test
    void emptyTopicAndDisplayName() {
        long a = send(member, "general", "general chat", "empty topic");
        JsonNode m = member.get("/messages/" + a, "allow_empty_topic_name", true).success().get("message");
        assertThat(m.get("subject").asText()).isEmpty();
        long b = send(member, "general", "", "also empty");
        assertThat(member.get("/messages/" + b, "allow_empty_topic_name", true).success().get("message").get("subject").asText()).isEmpty();
        assertThat(member.get("/messages/" + b).success().get("message").get("subject").asText()).isEqualTo("general chat");
    }

    @Test
    void privateChannelIsInvisibleToOutsiders() {
        long s = send(member, "secret", "plans", "the secret plan xyzzy");
        moderator.post("/messages", "type", "stream", "to", "secret", "topic", "x", "content", "x")
                .badRequest("Not authorized to send to channel 'secret'");
        moderator.get("/messages/" + s).badRequest("Invalid message(s)");
        JsonNode r = moderator.get("/messages", "anchor", "newest", "num_before", "100", "narrow", "[[\"search\",\"xyzzy\"]]").success();
        assertThat(r.get("messages")).isEmpty();
        moderator.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[[\"channel\",\"secret\"]]")
                .error(400, "BAD_NARROW", "Invalid narrow operator: unknown channel secret");
        JsonNode mn = moderator.get("/messages/matches_narrow", "msg_ids", List.of(s), "narrow", "[]").success();
        assertThat(mn.get("messages").size()).isZero();
        // Protected history: a new subscriber does not see what was sent before they joined.
        owner.post("/users/me/subscriptions", "subscriptions", "[{\"name\":\"secret\"}]", "principals", List.of(admin.userId)).success();
        admin.get("/messages/" + s).badRequest("Invalid message(s)");
        long after = send(member, "secret", "plans", "later");
        JsonNode ar = admin.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[[\"channel\",\"secret\"]]").success();
        assertThat(ids(ar)).containsExactly(after);
        JsonNode mine = member.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[[\"search\",\"xyzzy\"]]").success();
        assertThat(ids(mine)).containsExactly(s);
        assertThat(mine.get("messages").get(0).get("match_content").asText()).contains("<span class=\"highlight\">xyzzy</span>");
    }

    @Test
    void topicsOfAChannel() {
        send(member, "general", "older topic", "a");
        send(member, "general", "", "b");
        send(member, "general", "newer topic", "c");
        JsonNode t = member.get("/users/me/" + general + "/topics").success().get("topics");
        assertThat(t.get(0).get("name").asText()).isEqualTo("newer topic");
        assertThat(t.toString()).contains("general chat", "older topic");
        JsonNode raw = member.get("/users/me/" + general + "/topics", "allow_empty_topic_name", "true").success().get("topics");
        assertThat(raw.get(1).get("name").asText()).isEmpty();
    }

    /**
     * Issue 14: without allow_empty_topic_name (fetches) or empty_topic_name (events), the empty topic is
     * shown as "general chat"; a direct message's subject is "" either way (it has no topic at all).
     */
    @Test
    void emptyTopicNameInFetchesAndEvents() {
        Object[] legacy = {"client_capabilities", Map.of("notification_settings_null", true)};
        List<JsonNode> ev = VerifyAction.as(admin).register(legacy).events("message")
                .run(() -> member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "a direct message").success());
        assertThat(ev.get(0).get("message").get("subject").asText()).isEmpty();
        long[] sent = new long[1];
        ev = VerifyAction.as(admin).register(legacy).events("message").run(() -> sent[0] = send(member, "general", "", "in general chat"));
        assertThat(ev.get(0).get("message").get("subject").asText()).isEqualTo("general chat");
        ev = VerifyAction.as(admin).register("client_capabilities", Map.of("empty_topic_name", true)).events("message")
                .run(() -> send(member, "general", "", "again in general chat"));
        assertThat(ev.get(0).get("message").get("subject").asText()).isEmpty();

        assertThat(admin.get("/messages/" + sent[0]).success().get("message").get("subject").asText()).isEqualTo("general chat");
        assertThat(admin.get("/messages/" + sent[0], "allow_empty_topic_name", true).success().get("message").get("subject").asText()).isEmpty();
        String narrow = "[[\"channel\",\"general\"],[\"topic\",\"\"]]";
        JsonNode shown = admin.get("/messages", "anchor", "newest", "num_before", "5", "narrow", narrow).success().get("messages");
        assertThat(shown).isNotEmpty().allSatisfy(m -> assertThat(m.get("subject").asText()).isEqualTo("general chat"));
        JsonNode raw = admin.get("/messages", "anchor", "newest", "num_before", "5", "narrow", narrow, "allow_empty_topic_name", true).success().get("messages");
        assertThat(raw).isNotEmpty().allSatisfy(m -> assertThat(m.get("subject").asText()).isEmpty());
        JsonNode dms = admin.get("/messages", "anchor", "newest", "num_before", "5", "narrow", "[[\"is\",\"dm\"]]").success().get("messages");
        assertThat(dms).isNotEmpty().allSatisfy(m -> assertThat(m.get("subject").asText()).isEmpty());
    }

    @Test
    void channelMessageEvents() {
        // the channel's first message also sets its first_message_id
        VerifyAction.as(admin).events("stream/update", "message").run(() -> send(member, "general", "events", "hi @**" + "Admin" + "**"));
        VerifyAction.as(moderator).events(0).noStateChange().run(() -> send(member, "general", "events", "moderator is not subscribed"));
        VerifyAction.verify(admin, () -> send(admin, "general", "events", "own message"));
    }

    @Test
    void wildcardMentionsNeedPermissionInBigChannels() {
        List<Long> many = new ArrayList<>(List.of(member.userId, admin.userId));
        for (int i = 0; i < 15; i++) many.add(server.createUser("crowd" + i + "@example.com", "Crowd " + i, 400).userId);
        owner.post("/channels/create", "name", "crowded", "subscribers", many).success();
        member.post("/messages", "type", "stream", "to", "crowded", "topic", "t", "content", "@**all** hello")
                .error(400, "STREAM_WILDCARD_MENTION_NOT_ALLOWED", "You do not have permission to use channel wildcard mentions in this channel.");
        long ok = send(admin, "crowded", "t", "@**all** hello");
        assertThat(ok).isPositive();
        long small = send(member, "general", "t", "@**all** small channel");
        JsonNode m = admin.get("/messages/" + small).success().get("message");
        assertThat(m.get("flags").toString()).contains("stream_wildcard_mentioned", "wildcard_mentioned");
    }

    @Test
    void emptyTopicOnlyNeedsEveryMessageInTheEmptyTopic() {
        long named = admin.post("/channels/create", "name", "has-topics", "subscribers", List.of(admin.userId)).success().get("id").asLong();
        send(admin, named, "a topic", "named");
        admin.patch("/streams/" + named, "topics_policy", "empty_topic_only").badRequest(
                "To enable this configuration, all messages in this channel must be in the general chat topic. "
                        + "Consider renaming or deleting other topics.");
        long plain = admin.post("/channels/create", "name", "only-general", "subscribers", List.of(admin.userId)).success().get("id").asLong();
        send(admin, plain, "", "in general chat");
        admin.patch("/streams/" + plain, "topics_policy", "empty_topic_only").success();
    }
}
