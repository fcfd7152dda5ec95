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

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 14: POST /streams/{id}/delete_topic, GET /messages/{id}/read_receipts, POST /messages/{id}/typing. */
class MessageExtrasTest extends StoaTestBase {
    static final Object[] BULK = {"client_capabilities", "{\"bulk_message_deletion\":true}"};
    long lobby, secret;

    @BeforeAll
    void channels() {
        lobby = owner.post("/channels/create", "name", "extras lobby", "subscribers",
                List.of(owner.userId, admin.userId, member.userId, moderator.userId)).success().get("id").asLong();
        secret = owner.post("/channels/create", "name", "extras secret", "invite_only", true, "history_public_to_subscribers", false,
                "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
    }

    long send(ApiClient c, long channel, String topic, String content) {
        return c.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", topic, "content", content).success().get("id").asLong();
    }

    long dm(ApiClient from, ApiClient to, String content) {
        return from.post("/messages", "type", "direct", "to", List.of(to.userId), "content", content).success().get("id").asLong();
    }

    // ---- delete_topic

    @Test
    void deletingATopicDeletesItInBatchesAndForgetsItsPolicies() {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 101; i++) ids.add(send(member, lobby, "Doomed", "message " + i));
        long kept = send(member, lobby, "survivor", "stays");
        member.post("/user_topics", "stream_id", lobby, "topic", "doomed", "visibility_policy", 3).success();
        // Newest first, one event per batch of 100, then the member's policy for the topic goes.
        var events = VerifyAction.as(member).register(BULK).events("delete_message", "delete_message", "muted_topics", "user_topic").run(() ->
                assertThat(admin.post("/streams/" + lobby + "/delete_topic", "topic_name", "doomed").success().get("complete").asBoolean()).isTrue());
        assertThat(events.get(0).get("message_ids")).hasSize(100);
        assertThat(events.get(0).get("message_ids").get(0).asLong()).isEqualTo(ids.get(1));
        assertThat(events.get(1).get("message_ids").get(0).asLong()).isEqualTo(ids.getFirst());
        assertThat(events.get(0).get("topic").asText()).isEqualTo("Doomed");
        assertThat(events.get(3).get("visibility_policy").asInt()).isZero();
        member.get("/messages/" + ids.getFirst()).badRequest("Invalid message(s)");
        member.get("/messages/" + kept).success();
        // An absent topic is nothing to do; still complete.
        assertThat(admin.post("/streams/" + lobby + "/delete_topic", "topic_name", "doomed").success().get("complete").asBoolean()).isTrue();
    }

    @Test
    void theGeneralChatNameDeletesTheEmptyTopic() {
        long id = send(member, lobby, "", "in general chat");
        send(member, lobby, "later", "newer"); // register's max_message_id stays what it was
        VerifyAction.as(owner).register(BULK).events("delete_message").run(() ->
                owner.post("/streams/" + lobby + "/delete_topic", "topic_name", "general chat").success());
        member.get("/messages/" + id).badRequest("Invalid message(s)");
    }

    @Test
    void deletingATopicIsForAdministratorsWithAccessAndBadInputChangesNothing() {
        long id = send(member, lobby, "precious", "keep me");
        member.post("/streams/" + lobby + "/delete_topic", "topic_name", "precious")
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        moderator.post("/streams/" + lobby + "/delete_topic", "topic_name", "precious")
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        admin.post("/streams/999999/delete_topic", "topic_name", "precious").badRequest("Invalid channel ID");
        // A private channel the administrator is not subscribed to is out of reach, as in Zulip's access_stream_by_id.
        long vault = owner.post("/channels/create", "name", "extras vault", "invite_only", true, "history_public_to_subscribers", false,
                "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
        long hidden = send(member, vault, "precious", "private");
        admin.post("/streams/" + vault + "/delete_topic", "topic_name", "precious").badRequest("Invalid channel ID");
        member.get("/messages/" + id).success();
        member.get("/messages/" + hidden).success();
    }

    @Test
    void withProtectedHistoryOnlyTheMessagesTheAdministratorReceivedGo() {
        long before = send(member, secret, "shared", "before the admin came");
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "extras secret")),
                "principals", List.of(admin.userId)).success();
        long after = send(member, secret, "shared", "after");
        owner.post("/user_topics", "stream_id", secret, "topic", "shared", "visibility_policy", 1).success();
        assertThat(admin.post("/streams/" + secret + "/delete_topic", "topic_name", "shared").success().get("complete").asBoolean()).isTrue();
        member.get("/messages/" + before).success();
        member.get("/messages/" + after).badRequest("Invalid message(s)");
        // The owner still has a message there: the owner's policy stays.
        assertThat(owner.post("/register", "event_types", List.of("user_topic")).success().get("user_topics").toString()).contains("shared");
    }

    // ---- read receipts

    @Test
    void readReceiptsFollowTheRealmTheSettingsAndMutes() {
        long id = send(member, lobby, "receipts", "read me");
        // on by default, as in Zulip's new closed organizations
        owner.patch("/realm", "enable_read_receipts", false).success();
        member.get("/messages/" + id + "/read_receipts").badRequest("Read receipts are disabled in this organization.");
        owner.patch("/realm", "enable_read_receipts", true).success();
        try {
            for (ApiClient c : List.of(owner, admin, moderator, member)) {
                c.post("/messages/flags", "messages", List.of(id), "op", "add", "flag", "read").success();
            }
            // The sender never appears; the caller does.
            assertThat(userIds(owner.get("/messages/" + id + "/read_receipts").success())).containsExactly(owner.userId, admin.userId, moderator.userId);
            moderator.patch("/settings", "send_read_receipts", false).success();
            assertThat(userIds(owner.get("/messages/" + id + "/read_receipts").success())).containsExactly(owner.userId, admin.userId);
            // Muting hides both ways: whom the caller muted, and who muted the caller.
            owner.post("/users/me/muted_users/" + admin.userId).success();
            assertThat(userIds(owner.get("/messages/" + id + "/read_receipts").success())).containsExactly(owner.userId);
            assertThat(userIds(admin.get("/messages/" + id + "/read_receipts").success())).containsExactly(admin.userId);
            assertThat(userIds(member.get("/messages/" + id + "/read_receipts").success())).containsExactly(owner.userId, admin.userId);
            guest.get("/messages/" + id + "/read_receipts").badRequest("Invalid message(s)");
            member.get("/messages/999999/read_receipts").badRequest("Invalid message(s)");
        } finally {
            owner.delete("/users/me/muted_users/" + admin.userId).success();
            moderator.patch("/settings", "send_read_receipts", true).success();
        }
    }

    static List<Long> userIds(JsonNode r) {
        List<Long> out = new ArrayList<>();
        r.get("user_ids").forEach(n -> out.add(n.asLong()));
        return out;
    }

    // ---- edit typing

    @Test
    void editTypingReachesTheChannelsListeningSubscribers() {
        long id = send(member, lobby, "typing", "draft");
        var start = VerifyAction.as(admin).events("typing_edit_message").noStateChange()
                .run(() -> member.post("/messages/" + id + "/typing", "op", "start").success()).getFirst();
        assertThat(start.get("op").asText()).isEqualTo("start");
        assertThat(start.get("sender_id").asLong()).isEqualTo(member.userId);
        assertThat(start.get("message_id").asLong()).isEqualTo(id);
        assertThat(start.get("recipient").get("type").asText()).isEqualTo("channel");
        assertThat(start.get("recipient").get("channel_id").asLong()).isEqualTo(lobby);
        assertThat(start.get("recipient").get("topic").asText()).isEqualTo("typing");
        VerifyAction.as(admin).events("typing_edit_message").noStateChange()
                .run(() -> member.post("/messages/" + id + "/typing", "op", "stop").success());
        // Not subscribed, or not receiving typing notifications: nothing.
        VerifyAction.as(guest).events(0).noStateChange().run(() -> member.post("/messages/" + id + "/typing", "op", "start").success());
        moderator.patch("/settings", "receives_typing_notifications", false).success();
        try {
            VerifyAction.as(moderator).events(0).noStateChange().run(() -> member.post("/messages/" + id + "/typing", "op", "start").success());
        } finally {
            moderator.patch("/settings", "receives_typing_notifications", true).success();
        }
    }

    @Test
    void editTypingNamesTheEmptyTopicAsEachClientExpects() {
        long id = send(member, lobby, "", "in general chat");
        var shown = VerifyAction.as(admin).events("typing_edit_message").noStateChange()
                .run(() -> member.post("/messages/" + id + "/typing", "op", "start").success()).getFirst();
        assertThat(shown.get("recipient").get("topic").asText()).isEqualTo("general chat");
        var raw = VerifyAction.as(admin).register("client_capabilities", "{\"empty_topic_name\":true}").events("typing_edit_message")
                .noStateChange().run(() -> member.post("/messages/" + id + "/typing", "op", "stop").success()).getFirst();
        assertThat(raw.get("recipient").get("topic").asText()).isEmpty();
    }

    @Test
    void editTypingInADirectMessageNamesTheNotifiedParticipants() {
        long id = dm(member, admin, "psst");
        var e = VerifyAction.as(admin).events("typing_edit_message").noStateChange()
                .run(() -> member.post("/messages/" + id + "/typing", "op", "start").success()).getFirst();
        assertThat(e.get("recipient").get("type").asText()).isEqualTo("direct");
        assertThat(userIds(e.get("recipient"))).containsExactly(Math.min(admin.userId, member.userId), Math.max(admin.userId, member.userId));
    }

    @Test
    void editTypingRefusesWhatAnEditWouldRefuse() {
        long id = send(member, lobby, "typing", "mine");
        admin.post("/messages/" + id + "/typing", "op", "start").badRequest("You don't have permission to edit this message");
        member.post("/messages/" + id + "/typing", "op", "begin").badRequest("Invalid op");
        member.post("/messages/999999/typing", "op", "start").badRequest("Invalid message(s)");
        guest.post("/messages/" + id + "/typing", "op", "start").badRequest("Invalid message(s)");
        member.patch("/settings", "send_stream_typing_notifications", false).success();
        try {
            member.post("/messages/" + id + "/typing", "op", "start").badRequest("User has disabled typing notifications for channel messages");
        } finally {
            member.patch("/settings", "send_stream_typing_notifications", true).success();
        }
        long direct = dm(member, admin, "dm");
        member.patch("/settings", "send_private_typing_notifications", false).success();
        try {
            member.post("/messages/" + direct + "/typing", "op", "start").badRequest("User has disabled typing notifications for direct messages");
        } finally {
            member.patch("/settings", "send_private_typing_notifications", true).success();
        }
        owner.patch("/realm", "allow_message_editing", false).success();
        try {
            member.post("/messages/" + id + "/typing", "op", "start").badRequest("Your organization has turned off message editing");
        } finally {
            owner.patch("/realm", "allow_message_editing", true).success();
        }
    }
}
