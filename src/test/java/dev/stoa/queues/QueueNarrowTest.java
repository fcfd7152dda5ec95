package dev.stoa.queues;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Queue narrows are GET /messages narrows: one Narrow model, evaluated in memory for delivery. A
 * queue receives exactly the new messages that GET /messages returns for the same narrow,
 * negated terms and dm operands included.
 */
class QueueNarrowTest extends StoaTestBase {
    long a, b;

    @BeforeAll
    void channels() {
        a = member.post("/channels/create", "name", "narrow-a", "subscribers", List.of(member.userId, owner.userId)).success().get("id").asLong();
        b = member.post("/channels/create", "name", "narrow-b", "subscribers", List.of(member.userId, owner.userId)).success().get("id").asLong();
    }

    private static Map<String, Object> term(String operator, Object operand, boolean negated) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("operator", operator);
        t.put("operand", operand);
        t.put("negated", negated);
        return t;
    }

    /** Registers member with each narrow, sends the same traffic, and compares each queue with GET /messages. */
    private Map<String, List<Long>> deliveredAndFetched(List<Object> narrow) {
        JsonNode reg = member.post("/register", "event_types", List.of("message"), "narrow", narrow).success();
        List<Long> sent = new ArrayList<>();
        sent.add(send(owner, "stream", a, "lunch", "in a"));
        sent.add(send(owner, "stream", b, "lunch", "in b"));
        sent.add(send(owner, "private", List.of(member.userId), null, "owner to member"));
        sent.add(send(admin, "private", List.of(member.userId), null, "admin to member"));
        sent.add(send(owner, "private", List.of(member.userId, admin.userId), null, "group"));
        sent.add(send(member, "stream", b, "Dinner", "member in b"));
        sent.add(send(member, "private", List.of(member.userId), null, "note to self"));
        List<Long> delivered = new ArrayList<>();
        for (JsonNode e : VerifyAction.drain(member, reg.get("queue_id").asText(), reg.get("last_event_id").asLong())) {
            if (e.get("type").asText().equals("message")) delivered.add(e.at("/message/id").asLong());
        }
        List<Long> fetched = new ArrayList<>();
        for (JsonNode m : member.get("/messages", "anchor", sent.getFirst(), "num_before", 0, "num_after", 100, "narrow", narrow)
                .success().get("messages")) {
            fetched.add(m.get("id").asLong());
        }
        Map<String, List<Long>> out = new LinkedHashMap<>();
        out.put("sent", sent);
        out.put("delivered", delivered);
        out.put("fetched", fetched);
        return out;
    }

    private long send(ApiClient as, String type, Object to, String topic, String content) {
        return (topic == null ? as.post("/messages", "type", type, "to", to, "content", content)
                : as.post("/messages", "type", type, "to", to, "topic", topic, "content", content)).success().get("id").asLong();
    }

    @Test
    void negatedChannel() {
        var r = deliveredAndFetched(List.of(term("channel", a, true)));
        List<Long> s = r.get("sent");
        assertThat(r.get("delivered")).containsExactly(s.get(1), s.get(2), s.get(3), s.get(4), s.get(5), s.get(6));
        assertThat(r.get("delivered")).isEqualTo(r.get("fetched"));
    }

    @Test
    void dmWithOneUser() {
        var r = deliveredAndFetched(List.of(term("dm", List.of(owner.userId), false)));
        assertThat(r.get("delivered")).containsExactly(r.get("sent").get(2));
        assertThat(r.get("delivered")).isEqualTo(r.get("fetched"));
    }

    @Test
    void dmGroupByEmailsAndNegatedDm() {
        var group = deliveredAndFetched(List.of(term("dm", owner.email + ",admin@example.com", false)));
        assertThat(group.get("delivered")).containsExactly(group.get("sent").get(4));
        assertThat(group.get("delivered")).isEqualTo(group.get("fetched"));
        var notOwner = deliveredAndFetched(List.of(term("is", "dm", false), term("dm", List.of(owner.userId), true)));
        List<Long> s = notOwner.get("sent");
        assertThat(notOwner.get("delivered")).containsExactly(s.get(3), s.get(4), s.get(6));
        assertThat(notOwner.get("delivered")).isEqualTo(notOwner.get("fetched"));
    }

    @Test
    void otherOperatorsAgreeWithFetch() {
        for (List<Object> narrow : List.of(
                List.<Object>of(term("channel", "narrow-b", false), term("topic", "dinner", false)),
                List.<Object>of(term("sender", owner.email, true)),
                List.<Object>of(term("dm-including", admin.userId, false)),
                List.<Object>of(term("topic", "lunch", true), term("is", "dm", true)),
                List.<Object>of(List.of("stream", "narrow-a")))) {
            var r = deliveredAndFetched(narrow);
            assertThat(r.get("delivered")).as(narrow.toString()).isNotEmpty().isEqualTo(r.get("fetched"));
        }
    }

    @Test
    void whatAQueueCannotEvaluateIsRefused() {
        member.post("/register", "narrow", List.of(term("search", "lunch", false))).badRequest("Operator search not supported.");
        member.post("/register", "narrow", List.of(term("is", "followed", false))).badRequest("Operand followed not supported.");
        member.post("/register", "narrow", List.of(term("channel", "no such channel", false))).success();
    }
}
