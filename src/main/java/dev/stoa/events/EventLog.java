package dev.stoa.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.http.Json;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.jdbi.v3.core.Handle;

/**
 * The realm event log: appended inside the acting transaction (a transactional outbox), then
 * published after commit, in id order, to one shared in-memory window of recent entries that all
 * queues read. Older entries are read from the table. Each poller parks on its own Condition,
 * woken only by entries whose recipients may include it ({@link Waiters}).
 *
 * <p>Publication: ids commit in increasing order (appends are serialized: SQLite's single writer,
 * PostgreSQL's advisory lock). A publisher — the committing thread for its own entries, or the
 * {@link LogTailer} for other nodes' and processes' entries — holds {@code publishLock}, first reads
 * from the table every committed id between the head and its own entry, and publishes only ids
 * above the head: so ids are published in order, never twice, and none is skipped.
 */
public final class EventLog {
    /** Entries kept in memory; a queue further behind reads from the table. */
    static final int CACHE_SIZE = 20_000;

    private final Db db;
    private final Clock clock;
    /** Guards {@code recent}, {@code cacheFrom}, {@code head} changes and {@code waiters}. */
    private final ReentrantLock lock = new ReentrantLock();
    private final Waiters waiters = new Waiters();
    /** One publisher at a time (a committing thread or the tailer); never held while waiting for a writer. */
    private final ReentrantLock publishLock = new ReentrantLock();
    private final ReentrantLock reserveLock = new ReentrantLock();
    /** Held while one catch-up query runs; lastSyncStart (nanoTime) is when the latest one began. */
    private final ReentrantLock syncLock = new ReentrantLock();
    private long lastSyncStart = System.nanoTime(); // before any request arrives
    /** Db.commitStamp() as the latest catch-up query began (SQLite): unchanged means nothing committed since. */
    private Object lastStamp;
    private final ArrayList<LoggedEvent> recent = new ArrayList<>();
    /** Every published id above this is in {@code recent}. */
    private long cacheFrom;
    private volatile long head;
    /** Ids at or below this were pruned from the table. */
    private volatile long prunedThrough;
    /** The newest id reserved for an ephemeral event (heartbeat); every id below it was published when it was reserved. */
    private volatile long reserved;
    /** The last failed reservation and when (System.nanoTime); guarded by reserveLock. */
    private RuntimeException reserveFailure;
    private long reserveFailedAt;

    public EventLog(Db db, Clock clock) {
        this.db = db;
        this.clock = clock;
        db.read(h -> {
            head = headIn(h);
            Long min = h.createQuery("SELECT MIN(id) FROM events").mapTo(Long.class).findOne().orElse(null);
            Long minAcked = h.createQuery("SELECT MIN(acked_event_id) FROM event_queues").mapTo(Long.class).findOne().orElse(null);
            long pruned = min == null ? head : min - 1;
            // ids between a queue's acknowledged position and the oldest row may be gaps (heartbeat ids), not pruned entries
            prunedThrough = minAcked == null ? pruned : Math.min(pruned, minAcked);
            cacheFrom = Math.max(prunedThrough, head - CACHE_SIZE);
            recent.addAll(readRange(h, cacheFrom, head));
            return null;
        });
    }

    /** Appends an event in tx; it becomes visible to queues after the commit. */
    public long append(Tx tx, Event event, Recipients recipients) {
        tx.lockAppends();
        ObjectNode ordered = payloadOf(event);
        if (event.idCount() > 1) ordered.put(SPLIT_FIRST_ID, reserveBelow(tx, event.idCount() - 1));
        return appendJson(tx, event.type(), ordered, recipients);
    }

    private static ObjectNode payloadOf(Event event) {
        ObjectNode payload = Json.MAPPER.valueToTree(event);
        payload.remove("extras");
        ObjectNode ordered = Json.object();
        ordered.put("type", event.type());
        if (event.op() != null) ordered.put("op", event.op());
        ordered.setAll(payload);
        if (event.extras() != null) ordered.setAll(event.extras());
        return ordered;
    }

    /** NOTIFY carries at most 8000 bytes; an ephemeral entry larger than this is stored instead (PostgreSQL). */
    static final int MAX_NOTIFY_BYTES = 7000;

    /**
     * An ephemeral event (typing): it takes the next id of the log's sequence in tx, as an append
     * does, but no row; after the commit it is published to this node's in-memory window in id order,
     * and on PostgreSQL the NOTIFY that wakes the other nodes' tailers carries it to theirs. A queue
     * further behind than the window, or polling after a restart, never gets it: it was meant for now.
     * (On PostgreSQL, one too large for a NOTIFY is appended as usual. A NOTIFY that reaches another
     * node after a later stored entry was published there is dropped there: ids stay in order.)
     */
    public long appendEphemeral(Tx tx, Event event, Recipients recipients) {
        tx.lockAppends();
        ObjectNode payload = payloadOf(event);
        ObjectNode notice = null;
        if (tx.dialect() == dev.stoa.db.Dialect.POSTGRES) {
            // the schema: other Stoa databases in other schemas of the same PostgreSQL database hear this channel too
            notice = Json.object().put("schema", schema(tx.h())).put("type", event.type());
            notice.set("payload", payload);
            notice.set("recipients", recipients.toJson());
            if (Json.write(notice).length() > MAX_NOTIFY_BYTES) return appendJson(tx, event.type(), payload, recipients);
        }
        long now = clock.instant().getEpochSecond();
        long id = takeId(tx.h(), now, event.type());
        LoggedEvent e = new LoggedEvent(id, now, event.type(), payload, recipients, false);
        // Known before the commit: a publisher filling the gap below a later entry finds it here, not in the table.
        unstored.put(id, e);
        if (notice != null) {
            tx.h().execute("SELECT pg_notify(?, ?)", dev.stoa.db.Db.EVENTS_CHANNEL, Json.write(notice.put("id", id).put("created_at", now)));
        }
        tx.afterCommit(() -> publishCommitted(e));
        return id;
    }

    private volatile String schema;

    /** This database's schema (PostgreSQL), read once: the NOTIFY channel is shared by every schema. */
    private String schema(org.jdbi.v3.core.Handle h) {
        String s = schema;
        if (s == null) schema = s = currentSchema(h);
        return s;
    }

    public static String currentSchema(org.jdbi.v3.core.Handle h) {
        return h.createQuery("SELECT current_schema()").mapTo(String.class).one();
    }

    /** Ephemeral entries not yet published, by id: this node's, and other nodes' received by NOTIFY. */
    private final ConcurrentSkipListMap<Long, LoggedEvent> unstored = new ConcurrentSkipListMap<>();

    /**
     * An ephemeral entry another node published (the tailer's NOTIFY payload); published with the next catch-up.
     * One from another schema (another Stoa on the same PostgreSQL database) belongs to another log: ignored.
     */
    public void receiveEphemeral(String notice, String listenerSchema) {
        JsonNode n = Json.parse(notice);
        if (!listenerSchema.equals(n.path("schema").asText())) return;
        long id = n.get("id").asLong();
        if (id <= head) return; // this node's own, published already (or one that came too late to keep its order)
        unstored.put(id, new LoggedEvent(id, n.get("created_at").asLong(), n.get("type").asText(), (ObjectNode) n.get("payload"),
                Recipients.fromJson(n.get("recipients")), false));
    }

    /** Table entries in (after, upTo] with the unstored ones of that range, in id order; those leave {@code unstored}. */
    private List<LoggedEvent> withUnstored(List<LoggedEvent> fromTable, long after, long upTo) {
        var gap = unstored.headMap(upTo, true);
        if (gap.isEmpty()) return fromTable;
        List<LoggedEvent> out = new ArrayList<>(fromTable);
        java.util.Set<Long> stored = new java.util.HashSet<>();
        for (LoggedEvent e : fromTable) stored.add(e.id());
        // an id in the table too was never an ephemeral's: its transaction rolled back and the id was taken again
        for (LoggedEvent e : gap.values()) if (e.id() > after && !stored.contains(e.id())) out.add(e);
        gap.clear();
        out.sort(java.util.Comparator.comparingLong(LoggedEvent::id));
        return out;
    }

    /**
     * Payload key of the first of the consecutive ids an entry's parts take, but the last, when a
     * queue receives it split into several events (the last part takes the entry's own id);
     * Delivery reads and strips it.
     */
    public static final String SPLIT_FIRST_ID = "__split_first_id";

    /**
     * Takes n consecutive ids from the log's sequence for the entry about to be appended in tx
     * (appends are locked, so they fall between the previous entry and this one): one placeholder
     * row, deleted at once, then the sequence moved past the rest. They stay gaps in the table,
     * like heartbeat ids.
     */
    private long reserveBelow(Tx tx, int n) {
        Handle h = tx.h();
        long first = takeId(h, clock.instant().getEpochSecond(), "reserved");
        long last = first + n - 1;
        if (n > 1) {
            if (tx.dialect() == dev.stoa.db.Dialect.SQLITE) h.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'events'", last);
            else h.createQuery("SELECT setval(pg_get_serial_sequence('events', 'id'), ?)").bind(0, last).mapTo(Long.class).one();
        }
        return first;
    }

    private long appendJson(Tx tx, String type, ObjectNode payload, Recipients recipients) {
        long now = clock.instant().getEpochSecond();
        long id = insert(tx.h(), now, type, Json.write(payload), Json.write(recipients.toJson()));
        LoggedEvent e = new LoggedEvent(id, now, type, payload, recipients);
        tx.afterCommit(() -> publishCommitted(e));
        return id;
    }

    /** The next id of the log's sequence, leaving no row (a gap in the table); the caller holds the append lock. */
    private static long takeId(Handle h, long now, String type) {
        long id = insert(h, now, type, "{}", "{\"users\":[]}");
        h.execute("DELETE FROM events WHERE id = ?", id);
        return id;
    }

    private static long insert(Handle h, long now, String type, String payload, String recipients) {
        return h.createUpdate("INSERT INTO events (created_at, type, payload, recipients) VALUES (?, ?, ?, ?)")
                .bind(0, now).bind(1, type).bind(2, payload).bind(3, recipients)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** Publishes a committed local entry, after any committed entry below it that is not published yet. */
    private void publishCommitted(LoggedEvent e) {
        publishLock.lock();
        try {
            long h = head;
            if (e.id() <= h) return; // the tailer published it already
            if (e.id() > h + 1) publish(withUnstored(db.read(r -> readRange(r, h, e.id() - 1)), h, e.id() - 1));
            unstored.remove(e.id());
            publish(List.of(e));
        } finally {
            publishLock.unlock();
        }
    }

    /** Reads and publishes every committed entry above the head (the tailer; other nodes and processes). */
    public int catchUp() {
        publishLock.lock();
        try {
            long h = head;
            List<LoggedEvent> found = withUnstored(db.read(r -> readRange(r, h, Long.MAX_VALUE)), h, Long.MAX_VALUE);
            publish(found);
            return found.size();
        } finally {
            publishLock.unlock();
        }
    }

    /**
     * Publishes what any node committed before now, if this node has not yet (PostgreSQL, several nodes):
     * one indexed query, then a catch-up only when the table is ahead. Called before a request reads the
     * in-memory caches that follow the log, so that a change answered by node A is seen by the next
     * request to node B, not a NOTIFY later.
     */
    public void catchUpWithDatabase() {
        long arrived = System.nanoTime();
        syncLock.lock();
        try {
            // Requests that arrive together share one query: a query that began after this request
            // arrived and has completed (we hold the lock) saw everything committed before it.
            if (lastSyncStart - arrived > 0) return;
            // SQLite: a file stat instead of a query when no process committed since the last query.
            Object stamp = db.commitStamp();
            if (stamp != null && stamp.equals(lastStamp)) return;
            lastStamp = stamp;
            lastSyncStart = System.nanoTime();
            // One statement on a pooled connection, no snapshot transaction around it (BEGIN/COMMIT round trips).
            long dbHead = db.jdbi().withHandle(h -> h.createQuery("SELECT COALESCE(MAX(id), 0) FROM events").mapTo(Long.class).one());
            if (dbHead > head) catchUp();
        } finally {
            syncLock.unlock();
        }
    }

    /** Publishes entries in id order, skipping those at or below the head; caller holds publishLock. */
    private void publish(List<LoggedEvent> entries) {
        if (entries.isEmpty()) return;
        lock.lock();
        try {
            for (LoggedEvent e : entries) {
                if (e.id() <= head) continue;
                recent.add(e);
                head = e.id();
                waiters.wake(e.recipients());
            }
            if (recent.size() > CACHE_SIZE + CACHE_SIZE / 4) {
                List<LoggedEvent> old = recent.subList(0, recent.size() - CACHE_SIZE);
                cacheFrom = old.getLast().id();
                old.clear();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * An id for an ephemeral event (a heartbeat) of a queue whose position is {@code above}: greater
     * than it, taken from the log's own sequence, and such that every committed entry below it is
     * published — a client that acknowledges it misses nothing. One reservation serves every queue
     * whose position is below it, so a quiet realm reserves about one id per heartbeat interval.
     */
    public long reserveId(long above) {
        long r = reserved;
        if (r > above) return r;
        reserveLock.lock();
        try {
            r = reserved;
            if (r > above) return r;
            // While the database does not answer, every parked poll's heartbeat would take its turn here
            // waiting out the pool's timeout: after a failure, the others fail at once for a second.
            RuntimeException failed = reserveFailure;
            if (failed != null && System.nanoTime() - reserveFailedAt < 1_000_000_000L) throw new IllegalStateException("event log unavailable", failed);
            long id;
            try {
                id = db.write(tx -> {
                    tx.lockAppends();
                    return takeId(tx.h(), clock.instant().getEpochSecond(), "heartbeat");
                });
            } catch (RuntimeException e) {
                reserveFailure = e;
                reserveFailedAt = System.nanoTime();
                throw e;
            }
            reserveFailure = null;
            catchUp(); // everything that committed before the reservation is now published
            reserved = id;
            return id;
        } finally {
            reserveLock.unlock();
        }
    }

    /**
     * Where a queue whose snapshot read the table up to {@code tableHead} starts: past the ephemeral
     * entries published right above it (the table does not know them; they happened before the queue
     * existed), up to the first stored one, which the snapshot did not include.
     */
    public long pastEphemeral(long tableHead) {
        lock.lock();
        try {
            long start = tableHead;
            if (tableHead < cacheFrom) return start;
            for (int i = firstAfter(tableHead); i < recent.size() && !recent.get(i).stored(); i++) start = recent.get(i).id();
            return start;
        } finally {
            lock.unlock();
        }
    }

    /** The id of the newest published entry. */
    public long head() { return head; }

    public long prunedThrough() { return prunedThrough; }

    /** The log head as seen by a read transaction (register's snapshot). */
    public static long headIn(Handle h) {
        return h.createQuery("SELECT COALESCE(MAX(id), 0) FROM events").mapTo(Long.class).one();
    }

    /** Published entries with id in (after, upTo], oldest first; from memory, or the table when older. */
    public List<LoggedEvent> range(long after, long upTo) {
        lock.lock();
        try {
            if (after >= cacheFrom) {
                List<LoggedEvent> out = new ArrayList<>();
                for (int i = firstAfter(after); i < recent.size() && recent.get(i).id() <= upTo; i++) out.add(recent.get(i));
                return out;
            }
        } finally {
            lock.unlock();
        }
        return db.read(h -> readRange(h, after, upTo));
    }

    private int firstAfter(long after) {
        int lo = 0, hi = recent.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (recent.get(mid).id() <= after) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /**
     * Stored entries in (after, upTo] of these types, read with the caller's handle (its snapshot, and no second
     * connection: a log-fed cache reading inside register must not wait for the pool while holding its lock).
     */
    public static List<LoggedEvent> rangeIn(Handle h, long after, long upTo, java.util.Collection<String> types) {
        return h.createQuery("SELECT id, created_at, type, payload, recipients FROM events WHERE id > :after AND id <= :upTo "
                        + "AND type IN (<types>) ORDER BY id")
                .bind("after", after).bind("upTo", upTo).bindList("types", List.copyOf(types))
                .map(EventLog::stored)
                .list();
    }

    /** An events row, as both range reads select it. */
    private static LoggedEvent stored(java.sql.ResultSet rs, org.jdbi.v3.core.statement.StatementContext ctx) throws java.sql.SQLException {
        return new LoggedEvent(rs.getLong(1), rs.getLong(2), rs.getString(3),
                (ObjectNode) Json.parse(rs.getString(4)), Recipients.fromJson(Json.parse(rs.getString(5))));
    }

    private static List<LoggedEvent> readRange(Handle h, long after, long upTo) {
        return h.createQuery("SELECT id, created_at, type, payload, recipients FROM events WHERE id > ? AND id <= ? ORDER BY id")
                .bind(0, after).bind(1, upTo)
                .map(EventLog::stored)
                .list();
    }

    /**
     * Waits until an entry the poll of this user (null: a spectator) may receive is published past
     * {@code after}, {@link #wakeAll} is called, or the timeout elapses; returns the head. Callers
     * re-check their own conditions (a wake-up may concern nothing their queue accepts).
     */
    public long awaitAfter(long after, long timeoutMillis, Long userId, boolean allPublicStreams) throws InterruptedException {
        lock.lock();
        try {
            if (head > after) return head;
            Waiters.Parked parked = new Waiters.Parked(userId, allPublicStreams, lock.newCondition());
            waiters.add(parked);
            try {
                parked.condition().awaitNanos(TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
            } finally {
                waiters.remove(parked);
            }
            return head;
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every parked poll (a queue was deleted or the server stops). */
    public void wakeAll() {
        lock.lock();
        try {
            waiters.wakeAll();
        } finally {
            lock.unlock();
        }
    }

    /** Deletes table entries at or below {@code through} (no live queue needs them). */
    public void prune(long through) {
        if (through <= prunedThrough) return;
        db.write(tx -> tx.h().execute("DELETE FROM events WHERE id <= ?", through));
        prunedThrough = through;
    }
}
