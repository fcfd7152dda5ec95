package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.stoa.messages.MessageDmTest.ids;
import static org.assertj.core.api.Assertions.assertThat;

/** PATCH /messages/{id} (content, topic, channel, resolve, limits), DELETE /messages/{id}, GET /messages/{id}/history. */
class MessageEditTest extends StoaTestBase {
    long lobby, other, hidden;

    @BeforeAll
    void channels() {
        lobby = owner.post("/channels/create", "name", "lobby", "subscribers", List.of(owner.userId, admin.userId, member.userId, moderator.userId)).success().get("id").asLong();
        other = owner.post("/channels/create", "name", "other", "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
        hidden = owner.post("/channels/create", "name", "hidden", "invite_only", true, "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
    }

    long send(ApiClient c, String channel, String topic, String content) {
        return c.post("/messages", "type", "stream", "to", channel, "topic", topic, "content", content).success().get("id").asLong();
    }

    void age(long id, long seconds) {
        server.stoa.db().write(tx -> tx.h().execute("UPDATE messages SET date_sent = date_sent - ? WHERE id = ?", seconds, id));
    }

    /** Zulip renders a send with its sender's translate_emoticons, and an edit with its editor's (previews did already). */
    @Test
    void sendsAndEditsUseTheAuthorsTranslateEmoticons() {
        moderator.patch("/settings", "translate_emoticons", true).success();
        try {
            long mine = send(moderator, "lobby", "emoticons", "hi :)");
            long plain = send(member, "lobby", "emoticons", "hi :)");
            assertThat(rendered(mine)).contains("emoji-1f642");
            assertThat(rendered(plain)).doesNotContain("emoji");
            moderator.patch("/messages/" + mine, "content", "bye :(").success();
            assertThat(rendered(mine)).contains("emoji-1f641");
        } finally {
            moderator.patch("/settings", "translate_emoticons", false).success();
        }
    }

    private String rendered(long id) {
        return owner.get("/messages/" + id).success().get("message").get("content").asText();
    }

    @Test
    void editContentKeepsHistory() {
        long id = send(member, "lobby", "edits", "first version");
        // message content is not part of register's state (Zulip: state_change_expected=False)
        VerifyAction.as(admin).events("update_message").noStateChange().run(() -> member.patch("/messages/" + id, "content", "second *version*").success());
        JsonNode m = member.get("/messages/" + id).success();
        assertThat(m.get("raw_content").asText()).isEqualTo("second *version*");
        assertThat(m.get("message").has("last_edit_timestamp")).isTrue();
        JsonNode hist = member.get("/messages/" + id + "/history").success().get("message_history");
        assertThat(hist.size()).isEqualTo(2);
        assertThat(hist.get(0).get("content").asText()).isEqualTo("first version");
        assertThat(hist.get(1).get("prev_content").asText()).isEqualTo("first version");
        admin.patch("/messages/" + id, "content", "hijack").badRequest("You don't have permission to edit this message");
        member.patch("/messages/" + id, "content", "x", "prev_content_sha256", "00").badRequest("'prev_content_sha256' value does not match the expected value.");
        member.patch("/messages/" + id, "content", "third", "prev_content_sha256", MessageEditRules.sha256("second *version*")).success();
        member.patch("/messages/" + id, "content", "x", "stream_id", other).badRequest("Cannot change message content while changing channel");
        member.patch("/messages/" + id).badRequest("Nothing to change");
        member.patch("/messages/" + id, "content", "y", "propagate_mode", "change_all").badRequest("Invalid propagate_mode without topic edit");
        age(id, 100_000);
        member.patch("/messages/" + id, "content", "late").badRequest("The time limit for editing this message has passed");
        long dm = member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "dm").success().get("id").asLong();
        member.patch("/messages/" + dm, "topic", "x").badRequest("Direct messages cannot have topics.");
        member.patch("/messages/" + dm, "stream_id", lobby).badRequest("Direct messages cannot be moved to channels.");
    }

    private List<String> flags(ApiClient c, long id) {
        List<String> out = new ArrayList<>();
        c.get("/messages/" + id).success().get("message").get("flags").forEach(f -> out.add(f.asText()));
        return out;
    }

    @Test
    void editRecomputesMentionAndAlertWordFlags() {
        long group = owner.post("/user_groups/create", "name", "edit-mentioned", "description", "d", "members", List.of(moderator.userId))
                .success().get("group_id").asLong();
        admin.post("/users/me/alert_words", "alert_words", List.of("pineapple")).success();
        send(admin, "lobby", "flagged", "I was here first");
        long id = send(member, "lobby", "flagged", "plain words");
        assertThat(flags(moderator, id)).doesNotContain("mentioned");
        member.patch("/messages/" + id, "content", "@*edit-mentioned* @**topic** pineapple").success();
        assertThat(flags(moderator, id)).contains("mentioned");
        assertThat(flags(admin, id)).contains("topic_wildcard_mentioned", "has_alert_word").doesNotContain("mentioned");
        assertThat(flags(owner, id)).doesNotContain("topic_wildcard_mentioned", "has_alert_word");
        assertThat(flags(member, id)).doesNotContain("mentioned", "topic_wildcard_mentioned");
        // still a mention for admin (stream instead of topic wildcard): unread mentions stay as they were
        VerifyAction.as(admin).events("update_message").noStateChange().run(() -> member.patch("/messages/" + id, "content", "@**all** again").success());
        assertThat(flags(admin, id)).contains("stream_wildcard_mentioned").doesNotContain("topic_wildcard_mentioned", "has_alert_word");
        assertThat(flags(moderator, id)).doesNotContain("mentioned");
        assertThat(group).isPositive();
    }

    @Test
    void renameTopicAndResolve() {
        long a = send(member, "lobby", "old topic", "one");
        long b = send(admin, "lobby", "old topic", "two");
        // the move, then the breadcrumb in the new topic
        VerifyAction.as(moderator).events("update_message", "message")
                .run(() -> member.patch("/messages/" + a, "topic", "new topic", "propagate_mode", "change_all").success());
        JsonNode r = member.get("/messages", "anchor", "newest", "num_before", "20", "narrow", "[[\"channel\",\"lobby\"],[\"topic\",\"new topic\"]]").success();
        assertThat(ids(r)).contains(a, b);
        owner.post("/messages/" + b + "/reactions", "emoji_name", "octopus").success();
        // the move, then the notification bot's notice
        VerifyAction.as(admin).events("update_message", "message")
                .run(() -> member.patch("/messages/" + a, "topic", "✔ new topic", "propagate_mode", "change_all").success());
        r = member.get("/messages", "anchor", "newest", "num_before", "20", "narrow", "[[\"is\",\"resolved\"]]", "apply_markdown", "false").success();
        assertThat(ids(r)).contains(a, b);
        // The rename left one notification-bot breadcrumb; the resolve, as Zulip's server, its own notice (no move breadcrumb).
        assertThat(ids(r)).hasSize(4);
        assertThat(r.get("messages").get(2).get("content").asText()).contains("moved here from");
        JsonNode notice = r.get("messages").get(3);
        assertThat(notice.get("content").asText()).isEqualTo("@_**" + member.get("/users/me").success().get("full_name").asText() + "|" + member.userId
                + "** has marked this topic as resolved.");
        assertThat(notice.get("sender_email").asText()).startsWith("notification-bot@");
        // Unread only for the topic's participants: its senders (member, admin) and reactors (owner), not the moderator.
        long noticeId = notice.get("id").asLong();
        assertThat(flags(admin, noticeId)).doesNotContain("read");
        assertThat(flags(owner, noticeId)).doesNotContain("read");
        assertThat(flags(moderator, noticeId)).contains("read");
        member.patch("/messages/" + a, "topic", "new topic", "propagate_mode", "change_all").success();
        r = member.get("/messages", "anchor", "newest", "num_before", "1", "narrow", "[[\"channel\",\"lobby\"],[\"topic\",\"new topic\"]]", "apply_markdown", "false").success();
        assertThat(r.get("messages").get(0).get("content").asText()).endsWith("** has marked this topic as unresolved.");
    }

    /** Issue 14: the empty topic ("general chat") cannot be resolved, whichever way the client spells it; nothing changes. */
    @Test
    void theEmptyTopicCannotBeResolved() {
        long id = send(member, "lobby", "", "in general chat");
        for (String resolved : List.of("✔ general chat", "✔ ", "✔")) {
            member.patch("/messages/" + id, "topic", resolved, "propagate_mode", "change_all").badRequest("General chat cannot be marked as resolved");
        }
        // a move from another topic to that name is refused the same way
        long other = send(member, "lobby", "elsewhere", "not general chat");
        member.patch("/messages/" + other, "topic", "✔ general chat").badRequest("General chat cannot be marked as resolved");
        JsonNode m = member.get("/messages/" + id, "allow_empty_topic_name", true).success().get("message");
        assertThat(m.get("subject").asText()).isEmpty();
        assertThat(member.get("/messages/" + other).success().get("message").get("subject").asText()).isEqualTo("elsewhere");
    }

    @Test
    void moveBetweenChannelsAndTimeLimit() {
        long a = send(member, "lobby", "movers", "m1");
        long b = send(member, "lobby", "movers", "m2");
        age(a, 1_000_000);
        member.patch("/messages/" + b, "topic", "moved", "propagate_mode", "change_all")
                .error(400, "MOVE_MESSAGES_TIME_LIMIT_EXCEEDED", "You only have permission to move the 1/2 most recent messages in this topic.");
        JsonNode err = member.patch("/messages/" + b, "topic", "moved", "propagate_mode", "change_all").json();
        assertThat(err.get("first_message_id_allowed_to_move").asLong()).isEqualTo(b);
        assertThat(err.get("total_messages_in_topic").asInt()).isEqualTo(2);
        moderator.patch("/messages/" + b, "stream_id", other, "propagate_mode", "change_all", "send_notification_to_old_thread", true).success();
        JsonNode r = member.get("/messages", "anchor", "newest", "num_before", "20", "narrow", "[[\"channel\",\"other\"],[\"topic\",\"movers\"]]").success();
        assertThat(ids(r)).contains(a, b);
        JsonNode old = member.get("/messages", "anchor", "newest", "num_before", "20", "narrow", "[[\"channel\",\"lobby\"],[\"topic\",\"movers\"]]").success();
        assertThat(old.get("messages").get(0).get("content").asText()).contains("moved to");
    }

    @Test
    void moveIntoPrivateChannelRemovesAccess() {
        long a = send(member, "lobby", "secretive", "soon private");
        send(member, "lobby", "elsewhere", "admin's newest message stays visible");
        VerifyAction.verify(admin, () -> owner.patch("/messages/" + a, "stream_id", hidden, "send_notification_to_new_thread", false).success());
        admin.get("/messages/" + a).badRequest("Invalid message(s)");
        assertThat(member.get("/messages/" + a).success().get("message").get("stream_id").asLong()).isEqualTo(hidden);
    }

    /**
     * Issue 14: without bulk_message_deletion, a deletion of several messages reaches the queue as
     * one event per message, each with its own increasing id; acknowledging part of them resends only the rest.
     */
    @Test
    void splitDeleteEventsHaveTheirOwnIds() {
        long[] ids = {send(member, "lobby", "splitting", "one"), send(member, "lobby", "splitting", "two"), send(member, "lobby", "splitting", "three")};
        send(member, "lobby", "elsewhere", "admin's newest message stays visible");
        JsonNode queue = admin.post("/register", "event_types", List.of("delete_message")).success();
        String qid = queue.get("queue_id").asText();
        JsonNode bulk = admin.post("/register", "event_types", List.of("delete_message"), "client_capabilities", "{\"bulk_message_deletion\":true}").success();
        List<JsonNode> events = VerifyAction.as(admin).events("delete_message", "delete_message", "delete_message")
                .run(() -> owner.patch("/messages/" + ids[0], "stream_id", hidden, "propagate_mode", "change_all",
                        "send_notification_to_old_thread", false, "send_notification_to_new_thread", false).success());
        List<Long> eventIds = events.stream().map(e -> e.get("id").asLong()).toList();
        assertThat(eventIds).isSorted().doesNotHaveDuplicates();
        assertThat(events.stream().map(e -> e.get("message_id").asLong()).toList()).containsExactly(ids[0], ids[1], ids[2]);

        JsonNode all = admin.get("/events", "queue_id", qid, "last_event_id", queue.get("last_event_id").asText(), "dont_block", "true").success();
        assertThat(all.get("events")).hasSize(3);
        long first = all.get("events").get(0).get("id").asLong();
        JsonNode rest = admin.get("/events", "queue_id", qid, "last_event_id", String.valueOf(first), "dont_block", "true").success();
        assertThat(rest.get("events")).hasSize(2);
        assertThat(rest.get("events").get(0).get("id").asLong()).isGreaterThan(first);
        JsonNode one = admin.get("/events", "queue_id", bulk.get("queue_id").asText(), "last_event_id", bulk.get("last_event_id").asText(),
                "dont_block", "true").success();
        assertThat(one.get("events")).hasSize(1);
        assertThat(one.get("events").get(0).get("message_ids")).hasSize(3);
        assertThat(one.get("events").get(0).get("id").asLong()).isEqualTo(all.get("events").get(2).get("id").asLong());
    }

    @Test
    void deleteMessages() {
        long a = send(member, "lobby", "deleting", "bye");
        send(member, "lobby", "deleting", "newest stays");
        var events = VerifyAction.verify(admin, new Object[] {"client_capabilities", "{\"bulk_message_deletion\":true}"},
                () -> member.delete("/messages/" + a).success());
        assertThat(events.getFirst().get("message_ids").toString()).contains(String.valueOf(a));
        long b = send(member, "lobby", "deleting", "bye again");
        send(member, "lobby", "deleting", "newest");
        var legacy = VerifyAction.verify(admin, () -> member.delete("/messages/" + b).success());
        assertThat(legacy.getFirst().get("message_id").asLong()).isEqualTo(b);
        long c = send(admin, "lobby", "deleting", "not yours");
        member.delete("/messages/" + c).badRequest("You don't have permission to delete this message");
        member.get("/messages/" + a).badRequest("Invalid message(s)");
    }
}
