package dev.stoa.events;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.app.Stoa;
import dev.stoa.db.Dialect;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Await;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import java.net.ServerSocket;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two Stoa nodes on one database (PostgreSQL: LISTEN/NOTIFY; SQLite: another writer on the same
 * file, as the admin CLI is): an event committed through one node reaches queues polled on the
 * other, in id order, none twice, none missing; any node serves any queue.
 */
class EventNodesTest extends StoaTestBase {
    private Stoa nodeB;
    private ApiClient memberB, adminB;

    @BeforeAll
    void startSecondNode() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        nodeB = Stoa.start(server.stoa.config().withPort(port), Clock.systemUTC());
        String base = "http://127.0.0.1:" + nodeB.port();
        memberB = new ApiClient(base, member.email, member.apiKey, member.userId);
        adminB = new ApiClient(base, admin.email, admin.apiKey, admin.userId);
    }

    @AfterAll
    void stopSecondNode() {
        if (nodeB != null) nodeB.close();
    }

    private static JsonNode firstEvent(ApiClient c, String queue, long last) {
        long deadline = Await.deadline(30);
        while (true) {
            Await.before(deadline, "an event other than a heartbeat");
            JsonNode events = c.get("/events", "queue_id", queue, "last_event_id", String.valueOf(last)).success().get("events");
            for (JsonNode e : events) {
                if (!e.get("type").asText().equals("heartbeat")) return e;
                last = e.get("id").asLong();
            }
        }
    }

    @Test
    void anEventCausedOnAReachesALongPollOnB() {
        JsonNode r = memberB.post("/register", "event_types", List.of("realm_user")).success();
        Thread.ofVirtual().start(() -> admin.patch("/users/" + guest.userId, "full_name", "Renamed on A").success());
        JsonNode e = firstEvent(memberB, r.get("queue_id").asText(), r.get("last_event_id").asLong());
        assertThat(e.at("/person/full_name").asText()).isEqualTo("Renamed on A");
    }

    @Test
    void aQueueRegisteredOnAIsServedByB() {
        JsonNode r = member.post("/register", "event_types", List.of("realm_user")).success();
        adminB.patch("/users/" + guest.userId, "full_name", "Renamed on B").success();
        JsonNode e = firstEvent(memberB, r.get("queue_id").asText(), r.get("last_event_id").asLong());
        assertThat(e.at("/person/full_name").asText()).isEqualTo("Renamed on B");
        assertThat(firstEvent(member, r.get("queue_id").asText(), r.get("last_event_id").asLong()).get("id")).isEqualTo(e.get("id"));
    }

    @Test
    void concurrentWritersOnBothNodesArriveInOrderOnBoth() throws Exception {
        JsonNode onA = member.post("/register", "event_types", List.of("realm_user")).success();
        JsonNode onB = memberB.post("/register", "event_types", List.of("realm_user")).success();
        int perNode = 15;
        Thread a = Thread.ofVirtual().start(() -> { for (int i = 0; i < perNode; i++) admin.patch("/users/" + guest.userId, "full_name", "A" + i).success(); });
        Thread b = Thread.ofVirtual().start(() -> { for (int i = 0; i < perNode; i++) adminB.patch("/users/" + guest.userId, "full_name", "B" + i).success(); });
        a.join();
        b.join();
        List<Long> ids = server.stoa.db().read(h -> h.createQuery("SELECT id FROM events WHERE id > ? AND type = 'realm_user' ORDER BY id")
                .bind(0, Math.max(onA.get("last_event_id").asLong(), onB.get("last_event_id").asLong())).mapTo(Long.class).list());
        assertThat(ids).hasSize(2 * perNode);
        assertThat(collect(member, onA, ids.size())).isEqualTo(ids);
        assertThat(collect(memberB, onB, ids.size())).isEqualTo(ids);
    }

    @Test
    void aTypingNoticeSentThroughAReachesALongPollOnB() {
        // Typing is not stored: it travels in the NOTIFY (PostgreSQL), which a second process on a SQLite file does not have.
        assumeTrue(server.stoa.db().dialect() == Dialect.POSTGRES, "typing reaches other nodes over PostgreSQL's NOTIFY");
        JsonNode r = memberB.post("/register", "event_types", List.of("typing")).success();
        long before = server.stoa.db().read(h -> h.createQuery("SELECT COUNT(*) FROM events").mapTo(Long.class).one());
        Thread.ofVirtual().start(() -> admin.post("/typing", "op", "start", "to", List.of(member.userId)).success());
        JsonNode e = firstEvent(memberB, r.get("queue_id").asText(), r.get("last_event_id").asLong());
        assertThat(e.get("type").asText()).isEqualTo("typing");
        assertThat(e.get("op").asText()).isEqualTo("start");
        assertThat(e.at("/sender/user_id").asLong()).isEqualTo(admin.userId);
        assertThat(e.get("id").asLong()).isGreaterThan(r.get("last_event_id").asLong());
        long after = server.stoa.db().read(h -> h.createQuery("SELECT COUNT(*) FROM events").mapTo(Long.class).one());
        assertThat(after).as("typing leaves no row in the log").isEqualTo(before);
    }

    /**
     * Another Stoa on another schema of the same PostgreSQL database hears the same NOTIFY channel:
     * its typing notices (whose ids run ahead of this log's) must not reach this log, where they would
     * leak to a user with the same id and lift the head past this log's next entries.
     */
    @Test
    void typingOfAnotherSchemaNeverReachesThisLog() {
        assumeTrue(server.stoa.db().dialect() == Dialect.POSTGRES, "only PostgreSQL's NOTIFY is shared between schemas");
        JsonNode r = member.post("/register", "event_types", List.of("typing", "realm_user")).success();
        try (TestServer other = new TestServer()) {
            // the other log runs ahead of this one, so its typing ids are above this log's next ids
            long there = other.stoa.db().read(h -> h.createQuery("SELECT COALESCE(MAX(id), 0) FROM events").mapTo(Long.class).one());
            for (long id = there; id < r.get("last_event_id").asLong() + 5; id++) {
                other.admin.patch("/users/" + other.guest.userId, "full_name", "Elsewhere " + id).success();
            }
            other.admin.post("/typing", "op", "start", "to", List.of(other.member.userId)).success();
            // Time for this node's tailer to hear that NOTIFY (a slow tailer could only hide the fault, not fake one).
            LockSupport.parkNanos(500_000_000L);
            admin.patch("/users/" + guest.userId, "full_name", "Renamed here").success();
            JsonNode e = firstEvent(member, r.get("queue_id").asText(), r.get("last_event_id").asLong());
            assertThat(e.get("type").asText()).as("the next event here is this log's own").isEqualTo("realm_user");
            assertThat(e.at("/person/full_name").asText()).isEqualTo("Renamed here");
        }
    }

    @Test
    void typingAndStoredEventsArriveInIdOrderOnBothNodes() throws Exception {
        assumeTrue(server.stoa.db().dialect() == Dialect.POSTGRES, "typing reaches other nodes over PostgreSQL's NOTIFY");
        List<String> types = List.of("typing", "realm_user");
        JsonNode onA = member.post("/register", "event_types", types).success();
        JsonNode onB = memberB.post("/register", "event_types", types).success();
        int perNode = 10;
        Thread a = Thread.ofVirtual().start(() -> { for (int i = 0; i < perNode; i++) admin.post("/typing", "op", "start", "to", List.of(member.userId)).success(); });
        Thread b = Thread.ofVirtual().start(() -> { for (int i = 0; i < perNode; i++) adminB.patch("/users/" + guest.userId, "full_name", "T" + i).success(); });
        a.join();
        b.join();
        List<Long> onNodeA = collect(member, onA, 2 * perNode);
        assertThat(onNodeA).isSorted().doesNotHaveDuplicates();
        // B may drop a notice whose NOTIFY arrived after a later stored entry; what it delivers is in order, stored ones all there
        List<Long> onNodeB = collectUntil(memberB, onB, onNodeA.getLast());
        assertThat(onNodeB).isSorted().doesNotHaveDuplicates();
        assertThat(onNodeA).containsAll(onNodeB);
    }

    /** Non-heartbeat event ids until one at or past {@code last}. */
    private static List<Long> collectUntil(ApiClient c, JsonNode reg, long lastId) {
        List<Long> out = new ArrayList<>();
        long last = reg.get("last_event_id").asLong();
        long deadline = Await.deadline(60);
        while (last < lastId) {
            Await.before(deadline, "events up to " + lastId + " (" + out.size() + " so far)");
            for (JsonNode e : c.get("/events", "queue_id", reg.get("queue_id").asText(), "last_event_id", String.valueOf(last)).success().get("events")) {
                last = e.get("id").asLong();
                if (!e.get("type").asText().equals("heartbeat")) out.add(last);
            }
        }
        return out;
    }

    private static List<Long> collect(ApiClient c, JsonNode reg, int n) {
        List<Long> out = new ArrayList<>();
        long last = reg.get("last_event_id").asLong();
        long deadline = Await.deadline(60);
        while (out.size() < n) {
            Await.before(deadline, n + " events (" + out.size() + " so far)");
            for (JsonNode e : c.get("/events", "queue_id", reg.get("queue_id").asText(), "last_event_id", String.valueOf(last)).success().get("events")) {
                last = e.get("id").asLong();
                if (!e.get("type").asText().equals("heartbeat")) out.add(last);
            }
        }
        return out;
    }
}
