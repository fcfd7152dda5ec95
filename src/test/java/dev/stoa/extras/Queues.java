package dev.stoa.extras;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A registered event queue for tests that read a feature's events directly. */
record Queues(ApiClient client, String queueId, long[] last) {
    static Queues register(ApiClient c, List<String> types, Map<String, Boolean> caps) {
        JsonNode r = c.post("/register", "event_types", types, "client_capabilities", caps).success();
        return new Queues(c, r.get("queue_id").asText(), new long[] {r.get("last_event_id").asLong()});
    }

    static Queues register(ApiClient c, String... types) {
        return register(c, List.of(types), Map.of("user_settings_object", true, "simplified_presence_events", true));
    }

    /** The events after the last one read, without heartbeats; does not block. */
    List<JsonNode> drain() {
        JsonNode r = client.get("/events", "queue_id", queueId, "last_event_id", String.valueOf(last[0]), "dont_block", "true").success();
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : r.get("events")) {
            last[0] = Math.max(last[0], e.get("id").asLong());
            if (!"heartbeat".equals(e.get("type").asText())) out.add(e);
        }
        return out;
    }
}
