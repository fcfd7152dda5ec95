package dev.stoa.queues;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LoggedEvent;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The event queues: rows in the database (so they survive a crash) mirrored in memory. Polls read
 * the shared log and never write; the collector flushes activity, expires idle queues, and prunes
 * the log behind the oldest live queue.
 */
public final class EventQueues {
    private static final Logger LOG = LoggerFactory.getLogger(EventQueues.class);
    public static final long DEFAULT_IDLE_SECS = 600;
    public static final long MAX_IDLE_SECS = 7 * 24 * 3600;
    static final int MAX_EVENTS_PER_POLL = 5000;

    private final Db db;
    private final EventLog log;
    private final Delivery delivery;
    private final Clock clock;
    private final long heartbeatMillis;
    private final Map<String, EventQueue> queues = new ConcurrentHashMap<>();

    public EventQueues(Db db, EventLog log, Delivery delivery, Clock clock, long heartbeatMillis) {
        this.db = db;
        this.log = log;
        this.delivery = delivery;
        this.clock = clock;
        this.heartbeatMillis = heartbeatMillis;
        load();
    }

    private void load() {
        db.read(h -> h.createQuery("SELECT queue_id, user_id, created_at, last_activity, idle_timeout_secs, start_event_id, acked_event_id, spec FROM event_queues")
                .map((rs, ctx) -> {
                    long uid = rs.getLong(2);
                    Long userId = rs.wasNull() ? null : uid;
                    QueueSpec spec = Json.MAPPER.convertValue(Json.parse(rs.getString(8)), QueueSpec.class);
                    return new EventQueue(rs.getString(1), userId, spec, rs.getLong(6), rs.getLong(5),
                            rs.getLong(3), rs.getLong(4), rs.getLong(7));
                }).list()).forEach(q -> queues.put(q.id, q));
    }

    /** Creates a queue starting at the log head read in register's snapshot. */
    public EventQueue create(Long userId, QueueSpec spec, long idleTimeoutSecs, long startEventId) {
        long now = clock.instant().getEpochSecond();
        String id = now + ":" + UUID.randomUUID();
        EventQueue q = new EventQueue(id, userId, spec, startEventId, idleTimeoutSecs, now, now, startEventId);
        db.write(tx -> tx.h().createUpdate("INSERT INTO event_queues (queue_id, user_id, created_at, last_activity, idle_timeout_secs, start_event_id, acked_event_id, spec) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(0, id).bind(1, userId).bind(2, now).bind(3, now).bind(4, idleTimeoutSecs)
                .bind(5, startEventId).bind(6, startEventId).bind(7, Json.write(spec)).execute());
        queues.put(id, q);
        return q;
    }

    /** The caller's queue, or Zulip's BAD_EVENT_QUEUE_ID. */
    public EventQueue get(String queueId, Long userId) {
        EventQueue q = queueId == null ? null : queues.get(queueId);
        if (q == null || q.deleted || q.expired(clock.instant().getEpochSecond())) {
            throw ApiError.of(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: " + queueId).with("queue_id", queueId);
        }
        if (!java.util.Objects.equals(q.userId, userId)) {
            throw ApiError.bad("You are not authorized to get events from this queue");
        }
        return q;
    }

    public void delete(EventQueue q) {
        q.deleted = true;
        queues.remove(q.id);
        db.write(tx -> tx.h().execute("DELETE FROM event_queues WHERE queue_id = ?", q.id));
        log.wakeAll();
    }

    /**
     * Returns the events after lastEventId this queue accepts; blocks (parked virtual thread) until
     * one arrives or the heartbeat time passes, unless dontBlock.
     */
    public List<ObjectNode> poll(EventQueue q, long lastEventId, boolean dontBlock) throws InterruptedException {
        long after = Math.max(lastEventId, q.startEventId);
        if (after < log.prunedThrough()) {
            throw ApiError.bad("An event newer than " + lastEventId + " has already been pruned!");
        }
        q.ack(after);
        q.touch(clock.instant().getEpochSecond());
        long deadline = System.currentTimeMillis() + heartbeatMillis;
        q.pollers.incrementAndGet();
        try {
            while (true) {
                long head = log.head();
                List<ObjectNode> out = collect(q, after, head);
                if (!out.isEmpty() || dontBlock) return out;
                after = Math.max(after, head);
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) return List.of(heartbeat(after));
                log.awaitAfter(after, left);
                if (q.deleted) throw ApiError.of(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: " + q.id).with("queue_id", q.id);
            }
        } finally {
            q.pollers.decrementAndGet();
            q.touch(clock.instant().getEpochSecond());
        }
    }

    private List<ObjectNode> collect(EventQueue q, long after, long head) {
        if (head <= after) return List.of();
        List<ObjectNode> out = new ArrayList<>();
        for (LoggedEvent e : log.range(after, head)) {
            out.addAll(delivery.render(e, q));
            if (out.size() >= MAX_EVENTS_PER_POLL) break;
        }
        return out;
    }

    /** A heartbeat carries the position scanned so far: no event the queue accepts is at or below it. */
    private static ObjectNode heartbeat(long id) {
        ObjectNode hb = Json.object();
        hb.put("type", "heartbeat");
        hb.put("id", id);
        return hb;
    }

    /** One collector pass: flush activity, expire idle queues, prune the log. Never throws. */
    public void collect() {
        try {
            long now = clock.instant().getEpochSecond();
            List<EventQueue> expired = new ArrayList<>();
            List<EventQueue> dirty = new ArrayList<>();
            for (EventQueue q : queues.values()) {
                if (q.expired(now)) expired.add(q);
                else if (q.dirty) dirty.add(q);
            }
            flushAndExpire(dirty, expired);
            pruneLog();
        } catch (RuntimeException | Error e) {
            LOG.error("event queue collector pass failed; it runs again next minute", e);
        }
    }

    private void flushAndExpire(List<EventQueue> dirty, List<EventQueue> expired) {
        if (dirty.isEmpty() && expired.isEmpty()) return;
        db.write(tx -> {
            var upd = tx.h().prepareBatch("UPDATE event_queues SET last_activity = ?, acked_event_id = ? WHERE queue_id = ?");
            for (EventQueue q : dirty) {
                q.dirty = false;
                upd.bind(0, q.lastActivity).bind(1, q.acked).bind(2, q.id).add();
            }
            if (!dirty.isEmpty()) upd.execute();
            var del = tx.h().prepareBatch("DELETE FROM event_queues WHERE queue_id = ?");
            for (EventQueue q : expired) del.bind(0, q.id).add();
            if (!expired.isEmpty()) del.execute();
            return null;
        });
        for (EventQueue q : expired) {
            q.deleted = true;
            queues.remove(q.id);
        }
    }

    /** Prunes log entries every live queue has acknowledged; keeps the newest entry (the head). */
    private void pruneLog() {
        long floor = log.head() - 1;
        for (EventQueue q : queues.values()) floor = Math.min(floor, q.acked);
        if (floor > 0) log.prune(floor);
    }

    /** Writes in-memory activity to the rows (graceful stop). */
    public void flush() {
        collect();
    }

    public int size() { return queues.size(); }

    public Map<String, EventQueue> all() { return queues; }

    static final TypeReference<List<List<String>>> NARROW = new TypeReference<>() {};
}
