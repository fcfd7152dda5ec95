package dev.stoa.messages;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, item 8: edit_history on fetched messages as Zulip's message dicts carry it (most recent
 * edit first; prev_content/prev_rendered_content, prev_topic/topic, prev_stream/stream), filtered by
 * the organization's message_edit_history_visibility_policy: everything, moves only, or nothing.
 */
class EditHistoryTest extends StoaTestBase {
    @Test
    void fetchedMessagesCarryTheirHistoryAsThePolicyAllows() {
        long first = owner.post("/channels/create", "name", "history-a", "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
        long second = owner.post("/channels/create", "name", "history-b", "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
        long id = member.post("/messages", "type", "stream", "to", String.valueOf(first), "topic", "old topic", "content", "first words")
                .success().get("id").asLong();
        long untouched = member.post("/messages", "type", "stream", "to", String.valueOf(first), "topic", "old topic", "content", "as sent")
                .success().get("id").asLong();
        member.patch("/messages/" + id, "content", "second words").success();
        member.patch("/messages/" + id, "topic", "new topic").success();
        owner.patch("/messages/" + id, "stream_id", second, "propagate_mode", "change_one").success();

        JsonNode history = message(id).get("edit_history");
        assertThat(history).hasSize(3);
        assertThat(history.get(0).get("user_id").asLong()).isEqualTo(owner.userId);
        assertThat(history.get(0).get("prev_stream").asLong()).isEqualTo(first);
        assertThat(history.get(0).get("stream").asLong()).isEqualTo(second);
        assertThat(history.get(1).get("prev_topic").asText()).isEqualTo("old topic");
        assertThat(history.get(1).get("topic").asText()).isEqualTo("new topic");
        assertThat(history.get(1).has("prev_content")).isFalse();
        assertThat(history.get(2).get("prev_content").asText()).isEqualTo("first words");
        assertThat(history.get(2).get("prev_rendered_content").asText()).isEqualTo("<p>first words</p>");
        assertThat(history.get(2).get("user_id").asLong()).isEqualTo(member.userId);
        for (JsonNode e : history) assertThat(e.get("timestamp").isIntegralNumber()).isTrue();
        assertThat(message(untouched).has("edit_history")).isFalse();
        JsonNode listed = member.get("/messages", "anchor", String.valueOf(id), "num_before", 0, "num_after", 0).success().get("messages").get(0);
        assertThat(listed.get("edit_history")).isEqualTo(history);

        owner.patch("/realm", "message_edit_history_visibility_policy", "moves").success();
        JsonNode moves = message(id).get("edit_history");
        assertThat(moves).hasSize(2);
        for (JsonNode e : moves) assertThat(e.has("prev_content")).isFalse();
        owner.patch("/realm", "message_edit_history_visibility_policy", "none").success();
        assertThat(message(id).has("edit_history")).isFalse();
        owner.patch("/realm", "message_edit_history_visibility_policy", "all").success();
    }

    private JsonNode message(long id) {
        return member.get("/messages/" + id).success().get("message");
    }
}
