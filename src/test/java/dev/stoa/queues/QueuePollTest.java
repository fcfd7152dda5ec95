package dev.stoa.queues;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.Await;
import dev.stoa.testing.TestServer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /events and DELETE /events: dont_block, long-poll wake-up, heartbeats, acknowledgement, errors. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueuePollTest {
    private TestServer server;
    private ApiClient member, admin, guest;
    private int renames;

    @BeforeAll
    void start() {
        server = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withHeartbeatMillis(300));
        member = server.member;
        admin = server.admin;
        guest = server.guest;
    }

    @AfterAll
    void stop() { server.close(); }

    private JsonNode register(ApiClient c) { return c.post("/register", "event_types", List.of("realm_user")).success(); }

    private void rename() { admin.patch("/users/" + guest.userId, "full_name", "Guest " + (++renames)).success(); }

    private ApiResponse poll(ApiClient c, String queueId, long last, boolean dontBlock) {
        return c.get("/events", "queue_id", queueId, "last_event_id", String.valueOf(last), "dont_block", String.valueOf(dontBlock));
    }

    @Test
    void dontBlockAnswersAtOnceWithNothing() {
        JsonNode r = register(member);
        JsonNode events = poll(member, r.get("queue_id").asText(), r.get("last_event_id").asLong(), true).success().get("events");
        assertThat(events).isEmpty();
    }

    @Test
    void eventsAfterLastEventIdAndAcknowledgedOnesAreDropped() {
        JsonNode r = register(member);
        String q = r.get("queue_id").asText();
        long last = r.get("last_event_id").asLong();
        rename();
        rename();
        JsonNode events = poll(member, q, last, true).success().get("events");
        assertThat(events).hasSize(2);
        long first = events.get(0).get("id").asLong(), second = events.get(1).get("id").asLong();
        assertThat(first).isGreaterThan(last);
        assertThat(second).isGreaterThan(first);
        JsonNode rest = poll(member, q, first, true).success().get("events");
        assertThat(rest).hasSize(1);
        assertThat(rest.get(0).get("id").asLong()).isEqualTo(second);
        assertThat(poll(member, q, second, true).success().get("events")).isEmpty();
    }

    @Test
    void aParkedPollWakesOnAnEvent() throws Exception {
        JsonNode r = register(member);
        var exec = Executors.newVirtualThreadPerTaskExecutor();
        server.stoa.config(); // the heartbeat is 300 ms: the poll may answer with heartbeats until the event arrives
        CompletableFuture<JsonNode> got = CompletableFuture.supplyAsync(() -> {
            long last = r.get("last_event_id").asLong();
            long deadline = Await.deadline(30);
            while (true) {
                Await.before(deadline, "the rename's event to reach the parked poll");
                JsonNode events = poll(member, r.get("queue_id").asText(), last, false).success().get("events");
                for (JsonNode e : events) {
                    if (!e.get("type").asText().equals("heartbeat")) return e;
                    last = e.get("id").asLong();
                }
            }
        }, exec);
        rename();
        JsonNode e = got.get(30, TimeUnit.SECONDS);
        assertThat(e.get("type").asText()).isEqualTo("realm_user");
        exec.close();
    }

    @Test
    void heartbeatIdsAreFreshAndIncreasingAndLoseNothing() {
        JsonNode r = register(member);
        String q = r.get("queue_id").asText();
        long last = r.get("last_event_id").asLong();
        JsonNode hb1 = poll(member, q, last, false).success().get("events");
        assertThat(hb1).hasSize(1);
        assertThat(hb1.get(0).get("type").asText()).isEqualTo("heartbeat");
        long h1 = hb1.get(0).get("id").asLong();
        assertThat(h1).isGreaterThan(last);
        JsonNode hb2 = poll(member, q, h1, false).success().get("events");
        long h2 = hb2.get(0).get("id").asLong();
        assertThat(hb2.get(0).get("type").asText()).isEqualTo("heartbeat");
        assertThat(h2).isGreaterThan(h1);
        rename();
        JsonNode after = poll(member, q, h2, true).success().get("events");
        assertThat(after).hasSize(1);
        assertThat(after.get(0).get("id").asLong()).isGreaterThan(h2);
    }

    @Test
    void unknownQueue() {
        poll(member, "1234:nope", -1, true).error(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: 1234:nope");
        assertThat(poll(member, "1234:nope", -1, true).get("queue_id").asText()).isEqualTo("1234:nope");
        member.delete("/events", "queue_id", "1234:nope").error(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: 1234:nope");
    }

    @Test
    void anotherUsersQueue() {
        JsonNode r = register(member);
        poll(admin, r.get("queue_id").asText(), -1, true).badRequest("You are not authorized to get events from this queue");
        admin.delete("/events", "queue_id", r.get("queue_id").asText()).badRequest("You are not authorized to get events from this queue");
        poll(member, r.get("queue_id").asText(), -1, true).success();
    }

    @Test
    void deletedQueue() {
        JsonNode r = register(member);
        String q = r.get("queue_id").asText();
        member.delete("/events", "queue_id", q).success();
        poll(member, q, -1, true).error(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: " + q);
        member.delete("/events", "queue_id", q).error(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: " + q);
    }

    @Test
    void deletingWakesAParkedPoll() throws Exception {
        TestServer slow = new TestServer(c -> c.withHeartbeatMillis(60_000));
        try {
            JsonNode r = slow.member.post("/register").success();
            String q = r.get("queue_id").asText();
            var exec = Executors.newVirtualThreadPerTaskExecutor();
            CompletableFuture<ApiResponse> parked = CompletableFuture.supplyAsync(() -> poll(slow.member, q, r.get("last_event_id").asLong(), false), exec);
            Await.until("the poll to park", 30, () -> slow.stoa.queues().all().get(q).pollers.get() > 0);
            slow.member.delete("/events", "queue_id", q).success();
            parked.get(30, TimeUnit.SECONDS).error(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: " + q);
            exec.close();
        } finally {
            slow.close();
        }
    }

    @Test
    void missingQueueIdAndBadLastEventId() {
        ApiResponse r = member.get("/events", "last_event_id", "-1");
        assertThat(r.status()).isEqualTo(400);
        JsonNode reg = register(member);
        assertThat(member.get("/events", "queue_id", reg.get("queue_id").asText(), "last_event_id", "abc").status()).isEqualTo(400);
    }
}
