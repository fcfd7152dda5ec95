package dev.stoa.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.Await;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Entries appended before V91 kept their hints in the payload under "__" keys; a queue that polls
 * them after the upgrade (queues outlive restarts) gets them rendered as before, with no "__" key.
 */
class LegacyHintsTest extends StoaTestBase {
    @Test
    void rowsOfBeforeV91RenderAsBefore() {
        JsonNode r = member.post("/register", "event_types", List.of("user_group", "presence"),
                "client_capabilities", Map.of("simplified_presence_events", true)).success();
        String to = "{\"users\":[" + member.userId + "]}";
        insertOld("user_group", "{\"type\":\"user_group\",\"op\":\"update\",\"group_id\":1,\"data\":{\"name\":\"gone\"},\"__deactivated\":true}", to);
        insertOld("presence", "{\"type\":\"presence\",\"__modern\":{\"presences\":{\"" + admin.userId
                + "\":{\"active_timestamp\":1700000000,\"idle_timestamp\":1700000000}}},\"__legacy\":{\"user_id\":" + admin.userId
                + ",\"email\":\"x@y\",\"server_timestamp\":1700000000.0,\"presence\":{}}}", to);
        insertOld("user_group", "{\"type\":\"user_group\",\"op\":\"update\",\"group_id\":1,\"data\":{\"description\":\"kept\"}}", to);

        // Rows written behind the server's back reach it as another process's do: through the log tailer.
        List<JsonNode> events = new ArrayList<>();
        long last = r.get("last_event_id").asLong();
        long deadline = Await.deadline(30);
        while (events.size() < 2) {
            Await.before(deadline, "the old rows delivered");
            for (JsonNode e : member.get("/events", "queue_id", r.get("queue_id").asText(), "last_event_id", String.valueOf(last)).success().get("events")) {
                last = e.get("id").asLong();
                if (!"heartbeat".equals(e.get("type").asText())) events.add(e);
            }
        }
        assertThat(events).extracting(e -> e.get("type").asText()).containsExactly("presence", "user_group");
        assertThat(events.toString()).doesNotContain("__");
        assertThat(events.get(0).at("/presences/" + admin.userId + "/active_timestamp").asLong()).isEqualTo(1700000000L);
        assertThat(events.get(1).at("/data/description").asText()).isEqualTo("kept");
    }

    /** A row as EventLog wrote it before V91: hints inside the payload, the hints column empty. */
    private void insertOld(String type, String payload, String recipients) {
        Json.parse(payload); // well-formed, as every stored payload was
        server.stoa.db().write(tx -> {
            tx.lockAppends();
            return tx.h().execute("INSERT INTO events (created_at, type, payload, recipients) VALUES (?, ?, ?, ?)", 1700000000L, type, payload, recipients);
        });
    }
}
