package dev.stoa.extras;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DraftsTest extends StoaTestBase {
    private static Map<String, Object> draft(String type, List<Long> to, String topic, String content) {
        return Map.of("type", type, "to", to, "topic", topic, "content", content);
    }

    @Test
    void createListEditDeleteWithEvents() {
        Queues q = Queues.register(member, "drafts");
        JsonNode ids = member.post("/drafts", "drafts", List.of(
                draft("private", List.of(admin.userId), "", "hello"),
                Map.of("type", "", "to", List.of(), "topic", "", "content", "later", "timestamp", 1595479019))).success().get("ids");
        assertThat(ids).hasSize(2);
        long first = ids.get(0).asLong();
        JsonNode list = member.get("/drafts").success();
        assertThat(list.get("count").asInt()).isEqualTo(2);
        JsonNode d = list.get("drafts").get(0);
        assertThat(d.get("id").asLong()).isEqualTo(first);
        assertThat(d.get("to")).hasSize(1);
        assertThat(d.get("to").get(0).asLong()).isEqualTo(admin.userId);
        assertThat(list.get("drafts").get(1).get("timestamp").asLong()).isEqualTo(1595479019);

        member.patch("/drafts/" + first, "draft", draft("private", List.of(admin.userId, member.userId, owner.userId), "", "hello all")).success();
        JsonNode edited = member.get("/drafts").success().get("drafts").get(0);
        assertThat(edited.get("content").asText()).isEqualTo("hello all");
        assertThat(edited.get("to")).extracting(JsonNode::asLong).containsExactlyInAnyOrder(admin.userId, owner.userId);
        member.delete("/drafts/" + first).success();
        assertThat(member.get("/drafts").success().get("count").asInt()).isEqualTo(1);

        List<JsonNode> events = q.drain();
        assertThat(events).extracting(e -> e.get("op").asText()).containsExactly("add", "update", "remove");
        assertThat(events.get(0).get("drafts")).hasSize(2);
        assertThat(events.get(2).get("draft_id").asLong()).isEqualTo(first);
        JsonNode state = member.post("/register", "fetch_event_types", List.of("drafts")).success();
        assertThat(state.get("drafts")).hasSize(1);
    }

    @Test
    void channelDraftsNeedAnAccessibleChannel() {
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "drafty"))).success();
        long s = owner.get("/get_stream_id", "stream", "drafty").success().get("stream_id").asLong();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "secret drafts")), "invite_only", true).success();
        long secret = owner.get("/get_stream_id", "stream", "secret drafts").success().get("stream_id").asLong();
        VerifyAction.verify(member, () -> member.post("/drafts", "drafts",
                List.of(draft("stream", List.of(s), "plans", "soon"))).success());
        JsonNode d = member.get("/drafts").success().get("drafts").get(0);
        assertThat(d.get("topic").asText()).isEqualTo("plans");
        assertThat(d.get("to").get(0).asLong()).isEqualTo(s);
        member.post("/drafts", "drafts", List.of(draft("stream", List.of(secret), "t", "x"))).badRequest("Invalid channel ID");
        guest.post("/drafts", "drafts", List.of(draft("stream", List.of(s), "t", "x"))).badRequest("Invalid channel ID");
    }

    @Test
    void emptyListCreatesNothing() {
        assertThat(member.post("/drafts", "drafts", List.of()).success().get("ids")).isEmpty();
        assertThat(member.post("/drafts").success().get("ids")).isEmpty();
    }

    @Test
    void errors() {
        member.post("/drafts", "drafts", List.of(draft("stream", List.of(), "t", "x")))
                .badRequest("Must specify exactly 1 channel ID for channel messages");
        member.post("/drafts", "drafts", List.of(draft("stream", List.of(1L, 2L), "t", "x")))
                .badRequest("Must specify exactly 1 channel ID for channel messages");
        member.post("/drafts", "drafts", List.of(draft("stream", List.of(999999L), "t", "x"))).badRequest("Invalid channel ID");
        member.post("/drafts", "drafts", List.of(draft("stream", List.of(1L), "a\u0000b", "x"))).badRequest("Topic must not contain null bytes");
        member.post("/drafts", "drafts", List.of(draft("", List.of(), "", "a\u0000b"))).badRequest("Message must not contain null bytes");
        member.post("/drafts", "drafts", List.of(draft("", List.of(), "", "  "))).badRequest("Message must not be empty");
        member.post("/drafts", "drafts", List.of(draft("private", List.of(999999L), "", "x"))).badRequest("Invalid user ID 999999");
        member.post("/drafts", "drafts", List.of(draft("huddle", List.of(), "", "x"))).badRequest("Invalid drafts[0][\"type\"]");
        member.post("/drafts", "drafts", List.of(Map.of("type", "", "to", List.of(), "content", "x"))).badRequest("drafts[0] field is missing: topic");
        member.post("/drafts", "drafts", List.of(Map.of("type", "", "to", List.of(), "topic", "", "content", "x", "timestamp", -5)))
                .badRequest("Timestamp must not be negative.");
        member.post("/drafts", "drafts", "not json").badRequest("drafts is not valid JSON");
        member.post("/drafts", "drafts", Map.of()).badRequest("drafts is not a list");
        member.patch("/drafts/999999", "draft", draft("", List.of(), "", "x")).error(404, "BAD_REQUEST", "Draft does not exist");
        member.delete("/drafts/999999").error(404, "BAD_REQUEST", "Draft does not exist");
        long id = member.post("/drafts", "drafts", List.of(draft("", List.of(), "", "mine"))).success().get("ids").get(0).asLong();
        admin.patch("/drafts/" + id, "draft", draft("", List.of(), "", "x")).error(404, "BAD_REQUEST", "Draft does not exist");
        admin.delete("/drafts/" + id).error(404, "BAD_REQUEST", "Draft does not exist");
        member.patch("/drafts/" + id).missing("draft");
    }
}
