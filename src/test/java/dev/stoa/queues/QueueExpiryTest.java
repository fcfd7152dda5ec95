package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.TestServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Idle expiry (default 10 minutes, idle_queue_timeout up to 7 days), lazy activity flush and pruning, on an injected clock. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueueExpiryTest {
    private final MutableClock clock = new MutableClock();
    private TestServer server;
    private ApiClient member, admin, guest;

    @BeforeAll
    void start() {
        server = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock);
        member = server.member;
        admin = server.admin;
        guest = server.guest;
    }

    @AfterAll
    void stop() { server.close(); }

    private JsonNode poll(String q, long last) {
        return member.get("/events", "queue_id", q, "last_event_id", String.valueOf(last), "dont_block", "true").success();
    }

    private long rowCount(String q) {
        return server.stoa.db().read(h -> h.createQuery("SELECT COUNT(*) FROM event_queues WHERE queue_id = ?").bind(0, q).mapTo(Long.class).one());
    }

    @Test
    void defaultIdleTimeoutIsTenMinutes() {
        JsonNode r = member.post("/register").success();
        assertThat(r.get("idle_queue_timeout_secs").asLong()).isEqualTo(600);
        String q = r.get("queue_id").asText();
        clock.advance(Duration.ofSeconds(590));
        poll(q, -1);
        clock.advance(Duration.ofSeconds(590));
        poll(q, -1); // activity renews the lease
        clock.advance(Duration.ofSeconds(601));
        member.get("/events", "queue_id", q, "last_event_id", "-1", "dont_block", "true")
                .error(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: " + q);
    }

    @Test
    void idleQueueTimeoutUpToSevenDays() {
        JsonNode r = member.post("/register", "idle_queue_timeout", 7 * 24 * 3600).success();
        assertThat(r.get("idle_queue_timeout_secs").asLong()).isEqualTo(7 * 24 * 3600);
        String q = r.get("queue_id").asText();
        clock.advance(Duration.ofDays(6));
        server.stoa.queues().collect();
        poll(q, -1);
        clock.advance(Duration.ofDays(7).plusSeconds(1));
        server.stoa.queues().collect();
        assertThat(rowCount(q)).isZero();
        member.get("/events", "queue_id", q, "last_event_id", "-1").error(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: " + q);
    }

    @Test
    void collectorFlushesActivityLazilyAndDeletesExpiredRows() {
        JsonNode r = member.post("/register", "idle_queue_timeout", 120).success();
        String q = r.get("queue_id").asText();
        long created = lastActivity(q);
        clock.advance(Duration.ofSeconds(100));
        poll(q, -1);
        assertThat(lastActivity(q)).isEqualTo(created); // a poll never writes
        server.stoa.queues().collect();
        assertThat(lastActivity(q)).isEqualTo(created + 100);
        clock.advance(Duration.ofSeconds(121));
        server.stoa.queues().collect();
        assertThat(rowCount(q)).isZero();
    }

    private long lastActivity(String q) {
        return server.stoa.db().read(h -> h.createQuery("SELECT last_activity FROM event_queues WHERE queue_id = ?").bind(0, q).mapTo(Long.class).one());
    }

    @Test
    void logIsPrunedBehindTheOldestLiveQueueAndAStalePositionIsAnError() {
        clock.advance(Duration.ofDays(8)); // every earlier queue expires
        server.stoa.queues().collect();
        JsonNode r = member.post("/register", "event_types", List.of("realm_user")).success();
        String q = r.get("queue_id").asText();
        long start = r.get("last_event_id").asLong();
        admin.patch("/users/" + guest.userId, "full_name", "Pruned One").success();
        admin.patch("/users/" + guest.userId, "full_name", "Pruned Two").success();
        JsonNode events = poll(q, start).get("events");
        long first = events.get(0).get("id").asLong(), second = events.get(1).get("id").asLong();
        server.stoa.queues().collect();
        long remaining = server.stoa.db().read(h -> h.createQuery("SELECT COUNT(*) FROM events WHERE id <= ?").bind(0, start).mapTo(Long.class).one());
        assertThat(remaining).isZero(); // nothing the live queue still needs was dropped, the rest was
        assertThat(poll(q, first).get("events")).hasSize(1); // still served
        poll(q, second);
        server.stoa.queues().collect();
        member.get("/events", "queue_id", q, "last_event_id", String.valueOf(start), "dont_block", "true")
                .badRequest("An event newer than " + start + " has already been pruned!");
    }
}
