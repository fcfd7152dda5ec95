package dev.stoa.queues;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.OpsConfig;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LoggedEvent;
import dev.stoa.events.RowsChanged;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The event queues: rows in the database (so they survive a crash) mirrored in memory. Polls read
 * the shared log and never write; the collector flushes activity, expires idle queues, and prunes
 * the log behind the oldest live queue.
 */
public final class EventQueues {
    /** How long GET /events parks before a heartbeat (register tells clients). */
    public static final int LONGPOLL_TIMEOUT_SECONDS = 90;

    private static final Logger LOG = LoggerFactory.getLogger(EventQueues.class);
    public static final long DEFAULT_IDLE_SECS = 600;
    public static final long MAX_IDLE_SECS = 7 * 24 * 3600;
    /** Zulip's idle_queue_timeout "mobile": 12 hours (zerver/tornado/event_queue.py). */
    public static final long MOBILE_IDLE_SECS = 12 * 3600;
    static final int MAX_EVENTS_PER_POLL = 5000;

    private final Db db;
    private final EventLog log;
    private final Delivery delivery;
    private final Clock clock;
    private final long heartbeatMillis;
    private final Map<String, EventQueue> queues = new ConcurrentHashMap<>();
    private final QueueStore store = new QueueStore();
    private final OpsConfig.PollGathering gathering;
    private final long gatherNanos;
    private final TurnoverRate turnovers = new TurnoverRate(System.nanoTime());
    private final LongAdder gatheredPolls = new LongAdder();

    public EventQueues(Db db, EventLog log, Delivery delivery, Clock clock, long heartbeatMillis, OpsConfig.PollGathering gathering) {
        this.db = db;
        this.log = log;
        this.delivery = delivery;
        this.clock = clock;
        this.heartbeatMillis = heartbeatMillis;
        this.gathering = gathering;
        this.gatherNanos = gathering.gatherMillis() * 1_000_000L;
        load();
    }

    private void load() {
        db.read(store::all).forEach(q -> queues.put(q.id, q));
    }

    /** Creates a queue starting at the log head read in register's snapshot (the table's newest id). */
    public EventQueue create(Long userId, QueueSpec spec, long idleTimeoutSecs, long snapshotHead) {
        long startEventId = log.pastEphemeral(snapshotHead); // typing before the register is not news to it
        long now = clock.instant().getEpochSecond();
        String id = now + ":" + UUID.randomUUID();
        EventQueue q = new EventQueue(id, userId, spec, startEventId, idleTimeoutSecs, now, now, startEventId);
        db.write(tx -> {
            store.insert(tx.h(), q);
            return null;
        });
        queues.put(id, q);
        return q;
    }

    /** The caller's queue, or Zulip's BAD_EVENT_QUEUE_ID. A queue another node created is loaded from its row. */
    public EventQueue get(String queueId, Long userId) {
        EventQueue q = queueId == null || queueId.isEmpty() ? null : queues.get(queueId);
        long now = clock.instant().getEpochSecond();
        if (q == null || (!q.deleted && q.expired(now))) {
            EventQueue row = queueId == null || queueId.isEmpty() ? null : loadOne(queueId);
            if (row != null && !row.expired(now)) {
                if (q != null) row.acked = Math.max(row.acked, q.acked);
                queues.put(row.id, row);
                q = row;
            }
        }
        if (q == null || q.deleted || q.expired(now)) throw badQueue(queueId);
        if (!Objects.equals(q.userId, userId)) {
            throw QueueErrors.notYourQueue();
        }
        return q;
    }

    static ApiError badQueue(String queueId) {
        return QueueErrors.badEventQueueId(queueId).with("queue_id", queueId);
    }

    private EventQueue loadOne(String queueId) {
        return db.read(h -> store.byId(h, queueId)).orElse(null);
    }

    public void delete(EventQueue q) {
        q.deleted = true;
        queues.remove(q.id);
        db.write(tx -> {
            store.delete(tx.h(), q.id);
            return null;
        });
        log.wakeAll();
    }

    /**
     * Returns every event after lastEventId this queue accepts (up to MAX_EVENTS_PER_POLL); blocks
     * (parked virtual thread) until one arrives or the heartbeat time passes, unless dontBlock. A
     * parked poll answers with its first events at once; one that finds events already waiting may
     * gather more first when the node is busy ({@link #gathered}).
     */
    public List<ObjectNode> poll(EventQueue q, long lastEventId, boolean dontBlock) throws InterruptedException {
        long after = Math.max(lastEventId, q.startEventId);
        if (after < log.prunedThrough()) {
            throw QueueErrors.eventsPruned(lastEventId);
        }
        q.ack(after);
        q.touch(clock.instant().getEpochSecond());
        long arrived = System.nanoTime();
        long deadline = arrived + heartbeatMillis * 1_000_000L;
        q.pollers.incrementAndGet();
        try {
            long head = log.head();
            List<ObjectNode> out = collect(q, after, after, head, new ArrayList<>());
            if (dontBlock) return answered(out);
            if (!out.isEmpty()) return answered(gathered(q, out, after, head, arrived));
            while (true) {
                after = Math.max(after, head);
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) return List.of(heartbeat(log.reserveId(after)));
                log.awaitAfter(after, left, q.userId, q.spec.allPublicStreams());
                if (q.deleted) throw badQueue(q.id);
                head = log.head();
                if (!collect(q, after, after, head, out).isEmpty()) return answered(out);
            }
        } finally {
            q.pollers.decrementAndGet();
            q.touch(clock.instant().getEpochSecond());
        }
    }

    /**
     * The poll found events waiting when it arrived: they come faster than its client turns over. On
     * a busy node (many turnovers a second) it waits up to gatherMillis from its arrival for more, so
     * one answer carries what would have taken several turnovers. Never on a quiet node, and never for
     * a poll that parked: a lone event goes out at once.
     */
    private List<ObjectNode> gathered(EventQueue q, List<ObjectNode> out, long after, long head, long arrived) throws InterruptedException {
        if (gatherNanos == 0 || turnovers.perSecond(arrived) < gathering.busyTurnoversPerSecond()) return out;
        gatheredPolls.increment();
        long until = arrived + gatherNanos;
        for (long left; out.size() < MAX_EVENTS_PER_POLL && (left = until - System.nanoTime()) > 0; ) {
            log.awaitAfter(head, Math.max(1, left / 1_000_000L), q.userId, q.spec.allPublicStreams());
            if (q.deleted) throw badQueue(q.id);
            long now = log.head();
            collect(q, after, head, now, out);
            head = now;
        }
        return out;
    }

    private List<ObjectNode> answered(List<ObjectNode> out) {
        if (!out.isEmpty()) turnovers.count(System.nanoTime());
        return out;
    }

    /** Adds the events of the entries in (from, upTo] that this queue accepts and the client has not acknowledged. */
    private List<ObjectNode> collect(EventQueue q, long acked, long from, long upTo, List<ObjectNode> out) {
        if (upTo <= from) return out;
        for (LoggedEvent e : log.range(from, upTo)) {
            // a split entry's parts that the client already acknowledged are not sent again
            for (ObjectNode o : delivery.render(e, q)) if (o.get("id").asLong() > acked) out.add(o);
            if (out.size() >= MAX_EVENTS_PER_POLL) break;
        }
        return out;
    }

    /**
     * A heartbeat's id comes from the log's sequence: above every id the queue has seen, and every
     * committed entry below it is already published, so acknowledging it loses nothing.
     */
    private static ObjectNode heartbeat(long id) {
        ObjectNode hb = Json.object();
        hb.put("type", "heartbeat");
        hb.put("id", id);
        return hb;
    }

    /**
     * One collector pass: flush activity, expire idle queues (by the rows, which every node
     * flushes to), forget queues other nodes expired or deleted, prune the log behind the oldest
     * live queue. Never throws.
     */
    public void collect() {
        try {
            long now = clock.instant().getEpochSecond();
            List<EventQueue> dirty = new ArrayList<>();
            for (EventQueue q : queues.values()) {
                if (q.pollers.get() > 0) q.touch(now);
                if (q.dirty) dirty.add(q);
            }
            flushAndExpire(dirty, now);
        } catch (RuntimeException | Error e) {
            LOG.error("event queue collector pass failed; it runs again next minute", e);
        }
    }

    private void flushAndExpire(List<EventQueue> dirty, long now) {
        Map<String, Long> live = db.write(tx -> {
            for (EventQueue q : dirty) q.dirty = false;
            store.flushActivity(tx.h(), dirty);
            store.deleteIdle(tx.h(), now);
            return store.acked(tx.h());
        });
        long minAcked = live.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
        boolean removed = false;
        for (EventQueue q : queues.values()) {
            if (!live.containsKey(q.id)) {
                q.deleted = true;
                queues.remove(q.id);
                removed = true;
            }
        }
        if (removed) log.wakeAll();
        long floor = Math.min(log.head() - 1, minAcked);
        if (floor > 0) log.prune(floor);
    }

    /** Writes in-memory activity to the rows (graceful stop). */
    public void flush() {
        collect();
    }

    public int size() { return queues.size(); }

    public Map<String, EventQueue> all() { return queues; }

    /** Polls that waited to gather more events since the start (a busy node's; a metric). */
    public long gatheredPolls() { return gatheredPolls.sum(); }

    /** Polls parked on this node right now. */
    public int parkedPolls() {
        return queues.values().stream().mapToInt(q -> q.pollers.get()).sum();
    }

    static final TypeReference<List<List<String>>> NARROW = new TypeReference<>() {};
}
