package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Direct messages: sending (ids, emails, group, self), fetching with anchors and narrows, events and register state. */
class MessageDmTest extends StoaTestBase {
    long send(ApiClient from, Object to, String content) {
        return from.post("/messages", "type", "direct", "to", to, "content", content).success().get("id").asLong();
    }

    @Test
    void sendByIdAndFetchBothSides() {
        long id = send(member, List.of(admin.userId), "hello **admin**");
        JsonNode r = admin.get("/messages", "anchor", "newest", "num_before", "10", "num_after", "0",
                "narrow", "[{\"operator\":\"dm\",\"operand\":[" + member.userId + "]}]").success();
        JsonNode m = r.get("messages").get(r.get("messages").size() - 1);
        assertThat(m.get("id").asLong()).isEqualTo(id);
        assertThat(m.get("content").asText()).isEqualTo("<p>hello <strong>admin</strong></p>");
        assertThat(m.get("type").asText()).isEqualTo("private");
        assertThat(m.get("flags").toString()).doesNotContain("read");
        assertThat(r.get("found_newest").asBoolean()).isTrue();
        JsonNode mine = member.get("/messages/" + id).success();
        assertThat(mine.get("raw_content").asText()).isEqualTo("hello **admin**");
        assertThat(mine.get("message").get("flags").toString()).contains("read");
        guest.get("/messages/" + id).badRequest("Invalid message(s)");
    }

    @Test
    void clientNameFromParameterOrUserAgent() {
        long named = member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "from the terminal",
                "client", "ZulipTerminal").success().get("id").asLong();
        assertThat(admin.get("/messages/" + named).success().get("message").get("client").asText()).isEqualTo("ZulipTerminal");
        long plain = send(member, List.of(admin.userId), "from the test client");
        assertThat(admin.get("/messages/" + plain).success().get("message").get("client").asText()).isEqualTo("Java-http-client");
    }

    @Test
    void sendByEmailGroupAndSelf() {
        long g = send(member, "[\"" + admin.email + "\",\"" + moderator.email + "\"]", "group hello");
        long self = send(member, List.of(member.userId), "note to self");
        JsonNode r = member.get("/messages", "anchor", String.valueOf(g), "num_before", "0", "num_after", "5").success();
        assertThat(r.get("found_anchor").asBoolean()).isTrue();
        assertThat(ids(r)).contains(g, self);
        JsonNode selfNarrow = member.get("/messages", "anchor", "newest", "num_before", "5",
                "narrow", "[[\"dm\",\"" + member.email + "\"]]").success();
        assertThat(ids(selfNarrow)).containsExactly(self);
        member.post("/messages", "type", "direct", "to", "[\"nobody@example.com\"]", "content", "x").badRequest("Invalid email 'nobody@example.com'");
        member.post("/messages", "type", "direct", "to", "[999999]", "content", "x").badRequest("Invalid user ID 999999");
        member.post("/messages", "type", "direct", "to", "[" + admin.userId + "]", "content", "  ").badRequest("Message must not be empty");
        member.post("/messages", "type", "bogus", "to", "[" + admin.userId + "]", "content", "x").badRequest("Invalid message type");
    }

    @Test
    void anchorsAndLimits() {
        ApiClient a = server.createUser("anchors@example.com", "Anchor User", 400);
        long m1 = send(member, List.of(a.userId), "one");
        long m2 = send(member, List.of(a.userId), "two");
        long m3 = send(member, List.of(a.userId), "three");
        JsonNode r = a.get("/messages", "anchor", "first_unread", "num_before", "1", "num_after", "1").success();
        assertThat(r.get("anchor").asLong()).isEqualTo(m1);
        assertThat(ids(r)).containsExactly(m1, m2);
        assertThat(r.get("found_oldest").asBoolean()).isTrue();
        r = a.get("/messages", "anchor", String.valueOf(m2), "num_before", "1", "num_after", "1", "include_anchor", "false").success();
        assertThat(ids(r)).containsExactly(m1, m3);
        assertThat(r.get("found_anchor").asBoolean()).isFalse();
        r = a.get("/messages", "anchor", "oldest", "num_before", "0", "num_after", "2").success();
        assertThat(ids(r)).containsExactly(m1, m2);
        assertThat(r.get("found_newest").asBoolean()).isFalse();
        a.get("/messages", "anchor", "newest", "num_before", "5000", "num_after", "1").badRequest("Too many messages requested (maximum 5000).");
        a.get("/messages", "anchor", "newest", "num_before", "1", "narrow", "[[\"bogus\",\"x\"]]").error(400, "BAD_NARROW", "Invalid narrow operator: unknown operator bogus");
        r = a.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[[\"search\",\"three\"]]").success();
        assertThat(ids(r)).containsExactly(m3);
        assertThat(r.get("messages").get(0).get("match_content").asText()).contains("<span class=\"highlight\">three</span>");
        r = a.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[{\"operator\":\"search\",\"operand\":\"three\",\"negated\":true}]").success();
        assertThat(ids(r)).containsExactly(m1, m2);
        r = a.get("/messages", "anchor", "newest", "num_before", "10", "apply_markdown", "false").success();
        assertThat(r.get("messages").get(0).get("content").asText()).isEqualTo("one");
    }

    static List<Long> ids(JsonNode r) {
        List<Long> out = new ArrayList<>();
        r.get("messages").forEach(m -> out.add(m.get("id").asLong()));
        return out;
    }

    @Test
    void messageEventReproducesRegisterState() {
        ApiClient a = server.createUser("events@example.com", "Event User", 400);
        var events = VerifyAction.verify(a, () -> send(member, List.of(a.userId), "hi @**Event User**"));
        assertThat(events.getFirst().get("flags").toString()).contains("mentioned");
        VerifyAction.verify(a, () -> send(member, List.of(a.userId, admin.userId), "group"));
        VerifyAction.verify(a, () -> send(a, List.of(a.userId), "self"));
        VerifyAction.verify(a, () -> send(a, List.of(member.userId), "reply"));
    }

    @Test
    void localIdEchoedOnlyToTheSendingQueue() {
        JsonNode q1 = member.post("/register", "event_types", List.of("message")).success();
        JsonNode q2 = member.post("/register", "event_types", List.of("message"), "apply_markdown", true).success();
        member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "*echo*",
                "queue_id", q1.get("queue_id").asText(), "local_id", "100.01").success();
        JsonNode e1 = VerifyAction.drain(member, q1.get("queue_id").asText(), q1.get("last_event_id").asLong()).getFirst();
        JsonNode e2 = VerifyAction.drain(member, q2.get("queue_id").asText(), q2.get("last_event_id").asLong()).getFirst();
        assertThat(e1.get("local_message_id").asText()).isEqualTo("100.01");
        assertThat(e1.get("message").get("content").asText()).isEqualTo("*echo*");
        assertThat(e2.has("local_message_id")).isFalse();
        assertThat(e2.get("message").get("content").asText()).isEqualTo("<p><em>echo</em></p>");
    }

    /**
     * The recipients are looked up in one query, whatever their number, inside the write turn that
     * every other send waits behind (issue 30: a list of 300,000 ids held it for 30-42 s); the list
     * itself is parsed before. Counted as the statements the refused send ran in its write transaction
     * (the fewest of three tries, as background writes of the server may run meanwhile).
     */
    @Test
    void theRecipientListCostsTheWriteTurnOneLookup() {
        List<Long> everyone = new ArrayList<>();
        for (JsonNode u : owner.get("/users").success().get("members")) everyone.add(u.get("user_id").asLong());
        assertThat(everyone).hasSizeGreaterThan(5);
        long unknown = 999_999;
        List<Long> manyThenUnknown = new ArrayList<>(everyone);
        manyThenUnknown.add(unknown);
        long alone = writeStatementsOfRefusedSend(List.of(unknown));
        long many = writeStatementsOfRefusedSend(manyThenUnknown);
        assertThat(many).as("statements in the write turn for %d recipients vs 1", manyThenUnknown.size()).isEqualTo(alone);
    }

    private long writeStatementsOfRefusedSend(List<Long> to) {
        long fewest = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long before = server.stoa.db().statementsInWrites();
            member.post("/messages", "type", "direct", "to", to, "content", "to nobody").badRequest("Invalid user ID 999999");
            fewest = Math.min(fewest, server.stoa.db().statementsInWrites() - before);
        }
        return fewest;
    }
}
