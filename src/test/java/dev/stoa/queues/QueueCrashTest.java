package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import dev.stoa.testing.TestDatabase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Nothing lost: queues and the log survive a SIGKILL (and a graceful stop) of a separate server
 * process; polling the same queue with the client's last_event_id after a restart returns exactly
 * the events committed after it, none twice, none missing.
 */
class QueueCrashTest {
    @Test
    void sigkill() throws Exception {
        survives(true);
    }

    @Test
    void gracefulStop() throws Exception {
        survives(false);
    }

    private void survives(boolean kill) throws Exception {
        try (ServerProcess p = new ServerProcess(TestDatabase.freshPostgresUrl())) {
            p.start();
            ApiClient owner = p.owner();
            long memberId = owner.post("/users", "email", "m@example.com", "password", "pw-secret-m", "full_name", "M 0").success().get("user_id").asLong();
            String key = owner.anonymous().post("/fetch_api_key", "username", "m@example.com", "password", "pw-secret-m").success().get("api_key").asText();
            ApiClient member = new ApiClient(p.baseUrl(), "m@example.com", key, memberId);
            JsonNode a = member.post("/register", "event_types", List.of("realm_user")).success();
            JsonNode b = member.post("/register", "event_types", List.of("realm_user"), "idle_queue_timeout", 3600).success();
            for (int i = 1; i <= 3; i++) owner.patch("/users/" + memberId, "full_name", "M " + i).success();
            List<JsonNode> before = VerifyAction.drain(member, a.get("queue_id").asText(), a.get("last_event_id").asLong());
            assertThat(names(before)).containsExactly("M 1", "M 2", "M 3");
            long clientLast = before.getFirst().get("id").asLong(); // the client processed only the first

            if (kill) p.kill(); else assertThat(p.stop()).isIn(0, 143); // 143: the JVM ends on SIGTERM after its shutdown hook
            p.start();
            for (int i = 4; i <= 5; i++) owner.patch("/users/" + memberId, "full_name", "M " + i).success();

            List<JsonNode> afterA = VerifyAction.drain(member, a.get("queue_id").asText(), clientLast);
            assertThat(names(afterA)).containsExactly("M 2", "M 3", "M 4", "M 5");
            assertThat(afterA.get(0).get("id").asLong()).isEqualTo(before.get(1).get("id").asLong());
            assertThat(afterA.get(1).get("id").asLong()).isEqualTo(before.get(2).get("id").asLong());
            assertIncreasing(afterA);
            List<JsonNode> afterB = VerifyAction.drain(member, b.get("queue_id").asText(), b.get("last_event_id").asLong());
            assertThat(names(afterB)).containsExactly("M 1", "M 2", "M 3", "M 4", "M 5");
            assertIncreasing(afterB);
            // a second restart: the acknowledged position stays valid, later events still flow
            long last = afterA.getLast().get("id").asLong();
            if (kill) p.kill(); else p.stop();
            p.start();
            owner.patch("/users/" + memberId, "full_name", "M 6").success();
            assertThat(names(VerifyAction.drain(member, a.get("queue_id").asText(), last))).containsExactly("M 6");
        }
    }

    private static List<String> names(List<JsonNode> events) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) out.add(e.at("/person/full_name").asText());
        return out;
    }

    private static void assertIncreasing(List<JsonNode> events) {
        for (int i = 1; i < events.size(); i++) {
            assertThat(events.get(i).get("id").asLong()).isGreaterThan(events.get(i - 1).get("id").asLong());
        }
    }
}
