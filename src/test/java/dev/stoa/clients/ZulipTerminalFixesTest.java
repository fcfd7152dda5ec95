package dev.stoa.clients;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What zulip-terminal showed once it started (issue 14): an edit resending the current topic is
 * no move; content and topic changed together are one history entry; message events honour the
 * queue's client_gravatar; GET /streams/{id}/email_address answers.
 */
class ZulipTerminalFixesTest extends StoaTestBase {
    long channel;

    @BeforeAll
    void setUp() {
        channel = owner.post("/channels/create", "name", "edits room", "subscribers", List.of(owner.userId, admin.userId, member.userId, guest.userId))
                .success().get("id").asLong();
    }

    private long send(ApiClient c, String topic, String content) {
        return c.post("/messages", "type", "stream", "to", "edits room", "topic", topic, "content", content).success().get("id").asLong();
    }

    private JsonNode topicMessages(String topic) {
        String narrow = "[{\"operator\":\"channel\",\"operand\":" + channel + "},{\"operator\":\"topic\",\"operand\":\"" + topic + "\"}]";
        return owner.get("/messages", "anchor", "newest", "num_before", 100, "num_after", 0, "narrow", narrow).success().get("messages");
    }

    @Test
    void sameTopicIsNoMove() {
        long id = send(member, "stay", "before");
        // zulip-terminal sends the topic it shows along with the new content
        List<JsonNode> ev = VerifyAction.as(admin).events("update_message").noStateChange()
                .run(() -> member.patch("/messages/" + id, "content", "after", "topic", "stay", "propagate_mode", "change_one").success());
        JsonNode e = ev.getFirst();
        for (String moveField : List.of("subject", "orig_subject", "propagate_mode", "new_stream_id", "topic_links")) {
            assertThat(e.has(moveField)).as(moveField).isFalse();
        }
        assertThat(e.get("content").asText()).isEqualTo("after");
        JsonNode m = member.get("/messages/" + id).success().get("message");
        assertThat(m.has("last_moved_timestamp")).isFalse();
        assertThat(m.has("last_edit_timestamp")).isTrue();
        JsonNode history = member.get("/messages/" + id + "/history").success().get("message_history");
        assertThat(history).hasSize(2);
        assertThat(history.get(1).has("prev_topic")).isFalse();
        assertThat(history.get(1).get("prev_content").asText()).isEqualTo("before");
        assertThat(topicMessages("stay")).hasSize(1); // no "moved here" notice
        // the topic alone, unchanged (spaces and all): nothing to change, as Zulip says
        member.patch("/messages/" + id, "topic", " stay ").badRequest("Nothing to change");
        member.patch("/messages/" + id, "content", "again", "topic", "stay", "propagate_mode", "change_all")
                .badRequest("Invalid propagate_mode without topic edit");
        assertThat(member.get("/messages/" + id + "/history").success().get("message_history")).hasSize(2);
    }

    @Test
    void contentAndTopicTogetherAreOneHistoryEntry() {
        long id = send(member, "old name", "draft");
        // a move: the viewer's unread message changes topic in register's unread_msgs
        List<JsonNode> ev = VerifyAction.as(admin).events("update_message")
                .run(() -> member.patch("/messages/" + id, "content", "final", "topic", "new name", "propagate_mode", "change_one",
                        "send_notification_to_new_thread", false).success());
        assertThat(ev.getFirst().get("subject").asText()).isEqualTo("new name");
        assertThat(ev.getFirst().get("content").asText()).isEqualTo("final");
        JsonNode history = member.get("/messages/" + id + "/history").success().get("message_history");
        assertThat(history).hasSize(2);
        JsonNode entry = history.get(1);
        assertThat(entry.get("prev_content").asText()).isEqualTo("draft");
        assertThat(entry.get("prev_topic").asText()).isEqualTo("old name");
        assertThat(entry.get("topic").asText()).isEqualTo("new name");
        assertThat(entry.get("content").asText()).isEqualTo("final");
        assertThat(history.get(0).get("content").asText()).isEqualTo("draft");
        assertThat(history.get(0).get("topic").asText()).isEqualTo("old name");
        assertThat(member.get("/messages/" + id).success().get("message").has("last_moved_timestamp")).isTrue();
        // search finds the new content under the new topic
        String narrow = "[{\"operator\":\"topic\",\"operand\":\"new name\"},{\"operator\":\"search\",\"operand\":\"final\"}]";
        assertThat(owner.get("/messages", "anchor", "newest", "num_before", 10, "num_after", 0, "narrow", narrow).success().get("messages")).hasSize(1);
    }

    @Test
    void messageEventsHonourClientGravatar() {
        ApiClient sender = server.createUser("gravatar-sender@example.com", "Gravatar Sender", 400);
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "edits room")), "principals", List.of(sender.userId)).success();
        for (boolean clientGravatar : new boolean[] {true, false}) {
            JsonNode m = VerifyAction.as(member).register("client_gravatar", clientGravatar).events("message")
                    .run(() -> send(sender, "avatars", "hello")).getFirst().get("message");
            assertThat(m.get("avatar_url").isNull()).as("client_gravatar=" + clientGravatar).isEqualTo(clientGravatar);
            // as GET /messages answers the same client
            JsonNode fetched = member.get("/messages/" + m.get("id").asLong()).success().get("message");
            assertThat(member.get("/messages", "anchor", m.get("id").asLong(), "num_before", 0, "num_after", 0, "client_gravatar", clientGravatar)
                    .success().get("messages").get(0).get("avatar_url").isNull()).isEqualTo(clientGravatar);
            assertThat(fetched.has("avatar_url")).isTrue();
        }
        // email visible to administrators only: a member's client cannot compute the Gravatar; an administrator's can
        sender.patch("/settings", "email_address_visibility", 3).success();
        JsonNode toMember = VerifyAction.as(member).register("client_gravatar", true).events("message")
                .run(() -> send(sender, "avatars", "restricted")).getFirst().get("message");
        assertThat(toMember.get("avatar_url").isNull()).isFalse();
        JsonNode toAdmin = VerifyAction.as(admin).register("client_gravatar", true).events("message")
                .run(() -> send(sender, "avatars", "restricted again")).getFirst().get("message");
        assertThat(toAdmin.get("avatar_url").isNull()).isTrue();
        sender.patch("/settings", "email_address_visibility", 2).success(); // members: guests cannot
        JsonNode toGuest = VerifyAction.as(guest).register("client_gravatar", true).events("message")
                .run(() -> send(sender, "avatars", "members only")).getFirst().get("message");
        assertThat(toGuest.get("avatar_url").isNull()).isFalse();
        JsonNode toMember2 = VerifyAction.as(member).register("client_gravatar", true).events("message")
                .run(() -> send(sender, "avatars", "members only again")).getFirst().get("message");
        assertThat(toMember2.get("avatar_url").isNull()).isTrue();
    }

    @Test
    void channelEmailAddress() {
        String email = member.get("/streams/" + channel + "/email_address").success().get("email").asText();
        assertThat(email).matches("edits-room\\.[0-9a-f]{32}\\.show-sender@[^@]+");
        assertThat(member.get("/streams/" + channel + "/email_address").success().get("email").asText()).isEqualTo(email);
        assertThat(admin.get("/streams/" + channel + "/email_address").success().get("email").asText()).isEqualTo(email); // per sender, not caller
        String asMe = member.get("/streams/" + channel + "/email_address", "sender_id", member.userId).success().get("email").asText();
        assertThat(asMe).isNotEqualTo(email).startsWith("edits-room.");
        // the test bot is the member's: allowed; someone else's bot or a person is not
        assertThat(member.get("/streams/" + channel + "/email_address", "sender_id", bot.userId).success().get("email").asText())
                .isNotIn(email, asMe);
        admin.get("/streams/" + channel + "/email_address", "sender_id", member.userId).badRequest("No such bot");
        long ownersBot = owner.post("/bots", "full_name", "Owner Bot", "short_name", "ownerbot").success().get("user_id").asLong();
        member.get("/streams/" + channel + "/email_address", "sender_id", ownersBot).badRequest("Insufficient permission");
        // a channel the caller cannot reach: Invalid channel ID
        long secret = owner.post("/channels/create", "name", "secret room", "invite_only", true, "subscribers", List.of(owner.userId))
                .success().get("id").asLong();
        member.get("/streams/" + secret + "/email_address").badRequest("Invalid channel ID");
        member.get("/streams/999999/email_address").badRequest("Invalid channel ID");
        member.get("/streams/" + channel + "/email_address", "sender_id", "x").badRequest("sender_id is not valid JSON");
    }
}
