package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.stoa.messages.MessageDmTest.ids;
import static org.assertj.core.api.Assertions.assertThat;

/** The narrow operators of GET /messages, negation included, and GET /messages/matches_narrow. */
class MessageNarrowTest extends StoaTestBase {
    ApiClient viewer;
    long c1, c2, dm1, group1, link1, followedMsg;

    @BeforeAll
    void data() {
        viewer = server.createUser("viewer@example.com", "Narrow Viewer", 400);
        owner.post("/channels/create", "name", "alpha", "subscribers", List.of(owner.userId, member.userId, viewer.userId)).success();
        owner.post("/channels/create", "name", "beta", "subscribers", List.of(owner.userId, member.userId, viewer.userId)).success();
        c1 = send(member, "alpha", "one", "plain words here");
        c2 = send(owner, "beta", "two", "other words");
        link1 = send(member, "alpha", "links", "see https://example.com/page");
        followedMsg = send(member, "beta", "followed topic", "follow me");
        dm1 = member.post("/messages", "type", "direct", "to", List.of(viewer.userId), "content", "direct words").success().get("id").asLong();
        group1 = member.post("/messages", "type", "direct", "to", List.of(viewer.userId, owner.userId), "content", "group words").success().get("id").asLong();
    }

    long send(ApiClient c, String channel, String topic, String content) {
        return c.post("/messages", "type", "stream", "to", channel, "topic", topic, "content", content).success().get("id").asLong();
    }

    List<Long> narrow(String narrow) {
        return ids(viewer.get("/messages", "anchor", "oldest", "num_after", "100", "narrow", narrow).success());
    }

    @Test
    void operators() {
        assertThat(narrow("[[\"channel\",\"alpha\"]]")).containsExactly(c1, link1);
        assertThat(narrow("[{\"operator\":\"channel\",\"operand\":\"alpha\",\"negated\":true}]")).doesNotContain(c1, link1).contains(c2, dm1);
        assertThat(narrow("[[\"-channel\",\"alpha\"]]")).doesNotContain(c1);
        assertThat(narrow("[[\"sender\",\"" + owner.email + "\"]]")).containsExactly(c2);
        assertThat(narrow("[[\"is\",\"dm\"]]")).containsExactly(dm1, group1);
        assertThat(narrow("[[\"dm\",[" + member.userId + "]]]")).containsExactly(dm1);
        assertThat(narrow("[[\"dm\",\"" + member.userId + "," + owner.userId + "\"]]")).containsExactly(group1);
        assertThat(narrow("[[\"dm-including\",\"" + owner.userId + "\"]]")).containsExactly(group1);
        assertThat(narrow("[[\"has\",\"link\"]]")).containsExactly(link1);
        assertThat(narrow("[[\"id\",\"" + c2 + "\"]]")).containsExactly(c2);
        assertThat(narrow("[[\"with\",\"" + c1 + "\"]]")).containsExactly(c1);
        assertThat(narrow("[[\"channels\",\"public\"]]")).contains(c1, c2, link1, followedMsg).doesNotContain(dm1);
        assertThat(narrow("[[\"is\",\"unread\"]]")).contains(c1, dm1);
        assertThat(narrow("[[\"search\",\"words\"]]")).containsExactly(c1, c2, dm1, group1);
        assertThat(narrow("[[\"search\",\"words\"],[\"is\",\"dm\"]]")).containsExactly(dm1, group1);
        viewer.get("/messages", "anchor", "oldest", "num_after", "10", "narrow", "[[\"has\",\"bogus\"]]")
                .error(400, "BAD_NARROW", "Invalid narrow operator: unknown 'has' operand bogus");
        viewer.get("/messages", "anchor", "oldest", "num_after", "10", "narrow", "[[\"sender\",\"nobody@example.com\"]]")
                .error(400, "BAD_NARROW", "Invalid narrow operator: unknown user nobody@example.com");
    }

    @Test
    void followedAndMuted() {
        long beta = viewer.get("/get_stream_id", "stream", "beta").success().get("stream_id").asLong();
        // The extras feature's POST /user_topics writes this row; it is not on this branch yet.
        topicPolicy(beta, "followed topic", 3);
        assertThat(narrow("[[\"is\",\"followed\"]]")).containsExactly(followedMsg);
        topicPolicy(beta, "two", 1);
        assertThat(narrow("[[\"is\",\"muted\"]]")).containsExactly(c2);
    }

    void topicPolicy(long channel, String topic, int policy) {
        server.stoa.db().write(tx -> tx.h().execute("INSERT INTO user_topics (user_id, stream_id, topic, topic_lower, visibility_policy, last_updated) "
                + "VALUES (?, ?, ?, ?, ?, 0)", viewer.userId, channel, topic, topic.toLowerCase(Locale.ROOT), policy));
    }

    @Test
    void matchesNarrow() {
        JsonNode r = viewer.get("/messages/matches_narrow", "msg_ids", List.of(c1, c2, dm1),
                "narrow", "[{\"operator\":\"search\",\"operand\":\"plain\"}]").success();
        assertThat(r.get("messages").has(String.valueOf(c1))).isTrue();
        assertThat(r.get("messages").has(String.valueOf(c2))).isFalse();
        assertThat(r.get("messages").get(String.valueOf(c1)).get("match_content").asText()).contains("<span class=\"highlight\">plain</span>");
    }

    /** One fetch with interleaved senders: each dict has its own sender's name, email and Gravatar URL (computed once per sender). */
    @Test
    void eachMessageCarriesItsSendersParts() throws Exception {
        JsonNode msgs = viewer.get("/messages", "anchor", "oldest", "num_after", "100", "client_gravatar", "false").success().get("messages");
        Set<Long> senders = new HashSet<>();
        for (JsonNode m : msgs) {
            long s = m.get("sender_id").asLong();
            senders.add(s);
            ApiClient c = s == owner.userId ? owner : member;
            JsonNode u = viewer.get("/users/" + s).success().get("user");
            assertThat(m.get("sender_email").asText()).isEqualTo(u.get("email").asText());
            assertThat(m.get("sender_full_name").asText()).isEqualTo(u.get("full_name").asText());
            byte[] d = MessageDigest.getInstance("MD5").digest(c.email.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
            assertThat(m.get("avatar_url").asText()).startsWith("https://secure.gravatar.com/avatar/" + String.format("%032x", new BigInteger(1, d)) + "?d=identicon&version=");
        }
        assertThat(senders).containsExactlyInAnyOrder(owner.userId, member.userId);
    }
}
