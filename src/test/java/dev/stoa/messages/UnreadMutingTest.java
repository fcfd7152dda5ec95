package dev.stoa.messages;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: register's unread_msgs follows Zulip's muting rules. Every unread channel message is
 * listed, but count and wildcard mentions leave out muted channels (except their unmuted and
 * followed topics) and muted topics; messages of muted users are never unread.
 */
class UnreadMutingTest extends StoaTestBase {

    long send(ApiClient from, String channel, String topic, String content) {
        return from.post("/messages", "type", "stream", "to", channel, "topic", topic, "content", content).success().get("id").asLong();
    }

    long sendSeen(ApiClient viewer, ApiClient from, String channel, String topic, String content) {
        long[] id = new long[1];
        VerifyAction.as(viewer).events("message").run(() -> id[0] = send(from, channel, topic, content));
        return id[0];
    }

    static List<Long> ids(JsonNode buckets, long streamId) {
        List<Long> out = new ArrayList<>();
        for (JsonNode b : buckets) if (b.get("stream_id").asLong() == streamId) b.get("unread_message_ids").forEach(x -> out.add(x.asLong()));
        return out;
    }

    @Test
    void mutedChannelsAndTopicsAreListedButNotCounted() {
        ApiClient reader = server.createUser("reader@example.com", "Unread Reader", 400);
        List<Long> both = List.of(reader.userId, member.userId);
        long quiet = owner.post("/channels/create", "name", "quiet", "subscribers", both).success().get("id").asLong();
        long busy = owner.post("/channels/create", "name", "busy", "subscribers", both).success().get("id").asLong();
        // each channel's first message also sends a stream update (first_message_id); the reader's own are read
        send(reader, "quiet", "hello", "first");
        send(reader, "busy", "hello", "first");
        VerifyAction.as(reader).events("subscription/update", "subscription/update")
                .run(() -> reader.patch("/users/me/subscriptions/" + quiet, "property", "is_muted", "value", true).success());
        VerifyAction.as(reader).events(2).run(() -> reader.post("/user_topics", "stream_id", quiet, "topic", "followed", "visibility_policy", 3).success());
        VerifyAction.as(reader).events(2).run(() -> reader.post("/user_topics", "stream_id", busy, "topic", "Loud", "visibility_policy", 1).success());

        long inMuted = sendSeen(reader, member, "quiet", "other", "muted channel");
        long wildcard = sendSeen(reader, member, "quiet", "other", "@**all** muted wildcard");
        long direct = sendSeen(reader, member, "quiet", "other", "@**Unread Reader** muted but direct");
        long followed = sendSeen(reader, member, "quiet", "followed", "followed topic in a muted channel");
        long mutedTopic = sendSeen(reader, member, "busy", "loud", "muted topic (case-insensitive)");
        long normal = sendSeen(reader, member, "busy", "normal", "@**all** counted");
        long plain = sendSeen(reader, member, "busy", "plain", "counted");

        JsonNode u = reader.post("/register").success().get("unread_msgs");
        assertThat(ids(u.get("streams"), quiet)).containsExactlyInAnyOrder(inMuted, wildcard, direct, followed);
        assertThat(ids(u.get("streams"), busy)).containsExactlyInAnyOrder(mutedTopic, normal, plain);
        assertThat(u.get("count").asInt()).isEqualTo(3);
        List<Long> mentions = new ArrayList<>();
        u.get("mentions").forEach(x -> mentions.add(x.asLong()));
        assertThat(mentions).containsExactly(direct, normal);
        // sorted by channel, then topic
        List<String> order = new ArrayList<>();
        u.get("streams").forEach(b -> order.add(b.get("stream_id").asLong() + "/" + b.get("topic").asText()));
        assertThat(order).containsExactly(quiet + "/followed", quiet + "/other", busy + "/loud", busy + "/normal", busy + "/plain");

        // muting and unmuting change the count a client computes, as a fresh register does. (Not the
        // mentions: a client cannot tell an unread wildcard mention from its unread lists, nor can
        // Zulip's own event application, so the wildcard mention is read first.)
        reader.post("/messages/flags", "messages", List.of(wildcard), "op", "add", "flag", "read").success();
        VerifyAction.as(reader).events("subscription/update", "subscription/update")
                .run(() -> reader.patch("/users/me/subscriptions/" + quiet, "property", "is_muted", "value", false).success());
        VerifyAction.as(reader).events(2).run(() -> reader.post("/user_topics", "stream_id", busy, "topic", "plain", "visibility_policy", 1).success());
        assertThat(reader.post("/register").success().get("unread_msgs").get("count").asInt()).isEqualTo(4);

        // marking a muted message unread says so in message_details
        reader.post("/messages/flags", "messages", List.of(plain), "op", "add", "flag", "read").success();
        List<JsonNode> ev = VerifyAction.as(reader).events("update_message_flags")
                .run(() -> reader.post("/messages/flags", "messages", List.of(plain), "op", "remove", "flag", "read").success());
        JsonNode details = ev.get(0).get("message_details").get(String.valueOf(plain));
        assertThat(details.get("unmuted_stream_msg").asBoolean()).isFalse();
        assertThat(details.has("mentioned")).isFalse();
    }

    @Test
    void messagesOfMutedUsersAreNeverUnread() {
        ApiClient muter = server.createUser("muter@example.com", "Muter", 400);
        ApiClient loud = server.createUser("loud@example.com", "Loud Person", 400);
        long dm = loud.post("/messages", "type", "direct", "to", List.of(muter.userId), "content", "before the mute").success().get("id").asLong();
        assertThat(muter.post("/register").success().get("unread_msgs").get("count").asInt()).isEqualTo(1);
        // as Zulip's do_mute_user: the unread messages are marked read, then the muted_users list
        List<JsonNode> ev = VerifyAction.as(muter).events("update_message_flags/add", "muted_users")
                .run(() -> muter.post("/users/me/muted_users/" + loud.userId).success());
        assertThat(ev.get(0).get("flag").asText()).isEqualTo("read");
        assertThat(ev.get(0).get("messages").get(0).asLong()).isEqualTo(dm);
        // later messages arrive read
        VerifyAction.as(muter).events("message")
                .run(() -> loud.post("/messages", "type", "direct", "to", List.of(muter.userId), "content", "after the mute").success());
        JsonNode u = muter.post("/register").success().get("unread_msgs");
        assertThat(u.get("count").asInt()).isZero();
        assertThat(u.get("pms")).isEmpty();
        // muting nobody with unreads sends no flags event
        ApiClient quiet = server.createUser("quietone@example.com", "Quiet One", 400);
        VerifyAction.as(muter).events("muted_users").run(() -> muter.post("/users/me/muted_users/" + quiet.userId).success());
        // the muted user still sees their own messages as they were
        assertThat(loud.post("/register").success().get("unread_msgs").get("count").asInt()).isZero();
    }
}
