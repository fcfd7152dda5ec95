package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.http.Json;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jdbi.v3.core.Handle;

/**
 * The realm event log: appended inside the acting transaction (a transactional outbox), then
 * published after commit, in id order, to one shared in-memory window of recent entries that all
 * queues read. Older entries are read from the table. Pollers park on one Condition.
 */
public final class EventLog {
    /** Entries kept in memory; a queue further behind reads from the table. */
    static final int CACHE_SIZE = 20_000;

    private final Db db;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();
    private final ArrayList<LoggedEvent> recent = new ArrayList<>();
    private volatile long head;
    /** Ids at or below this were pruned from the table. */
    private volatile long prunedThrough;

    public EventLog(Db db, Clock clock) {
        this.db = db;
        this.clock = clock;
        db.read(h -> {
            head = h.createQuery("SELECT COALESCE(MAX(id), 0) FROM events").mapTo(Long.class).one();
            Long min = h.createQuery("SELECT MIN(id) FROM events").mapTo(Long.class).findOne().orElse(null);
            prunedThrough = min == null ? head : min - 1;
            recent.addAll(readRange(h, Math.max(prunedThrough, head - CACHE_SIZE), head));
            return null;
        });
    }

    /** Appends an event in tx; it becomes visible to queues after the commit. */
    public long append(Tx tx, Event event, Recipients recipients) {
        tx.lockAppends();
        ObjectNode payload = Json.MAPPER.valueToTree(event);
        payload.remove("extras");
        ObjectNode ordered = Json.object();
        ordered.put("type", event.type());
        if (event.op() != null) ordered.put("op", event.op());
        ordered.setAll(payload);
        if (event.extras() != null) ordered.setAll(event.extras());
        return appendJson(tx, event.type(), ordered, recipients);
    }

    private long appendJson(Tx tx, String type, ObjectNode payload, Recipients recipients) {
        long now = clock.instant().getEpochSecond();
        long id = tx.h().createUpdate("INSERT INTO events (created_at, type, payload, recipients) VALUES (?, ?, ?, ?)")
                .bind(0, now).bind(1, type).bind(2, Json.write(payload)).bind(3, Json.write(recipients.toJson()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        LoggedEvent e = new LoggedEvent(id, now, type, payload, recipients);
        tx.afterCommit(() -> publish(e));
        return id;
    }

    private void publish(LoggedEvent e) {
        lock.lock();
        try {
            recent.add(e);
            if (recent.size() > CACHE_SIZE + CACHE_SIZE / 4) recent.subList(0, recent.size() - CACHE_SIZE).clear();
            head = e.id();
            published.signalAll();
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
            if (!recent.isEmpty() && recent.getFirst().id() <= after + 1) {
                List<LoggedEvent> out = new ArrayList<>();
                int i = firstAfter(after);
                for (; i < recent.size() && recent.get(i).id() <= upTo; i++) out.add(recent.get(i));
                return out;
            }
            if (recent.isEmpty() && after >= head) return List.of();
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

    private static List<LoggedEvent> readRange(Handle h, long after, long upTo) {
        return h.createQuery("SELECT id, created_at, type, payload, recipients FROM events WHERE id > ? AND id <= ? ORDER BY id")
                .bind(0, after).bind(1, upTo)
                .map((rs, ctx) -> new LoggedEvent(rs.getLong(1), rs.getLong(2), rs.getString(3),
                        (ObjectNode) Json.parse(rs.getString(4)), Recipients.fromJson(Json.parse(rs.getString(5)))))
                .list();
    }

    /** Waits until the head passes {@code after} or the timeout elapses; returns the head. */
    public long awaitAfter(long after, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        lock.lock();
        try {
            while (head <= after) {
                long left = deadline - System.nanoTime();
                if (left <= 0) break;
                published.awaitNanos(left);
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
            published.signalAll();
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
