package dev.stoa.events;

import dev.stoa.db.Db;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The published log as this node's queues see it: the head, one shared in-memory window of recent
 * entries that all queues read (older entries come from the table), and the polls parked until
 * an entry that may concern them is published ({@link Waiters}). All of it behind the WINDOW lock.
 */
final class LogWindow {
    /** Entries kept in memory; a queue further behind reads from the table. */
    static final int SIZE = 20_000;

    private final Db db;
    private final LogLock lock = new LogLock(LogLock.Rank.WINDOW);
    private final Waiters waiters = new Waiters();
    private final ArrayList<LoggedEvent> recent = new ArrayList<>();
    /** Every published id above this is in {@code recent}. */
    private long cacheFrom;
    private volatile long head;

    /** Starts at the table's head, with the entries after {@code prunedThrough} of the last {@link #SIZE} loaded. */
    LogWindow(Db db, long head, long prunedThrough) {
        this.db = db;
        this.head = head;
        this.cacheFrom = Math.max(prunedThrough, head - SIZE);
        recent.addAll(db.read(h -> EventStore.range(h, cacheFrom, head)));
    }

    long head() { return head; }

    /** Publishes entries in id order, skipping those at or below the head, and wakes the polls they may concern. */
    void publish(List<LoggedEvent> entries) {
        if (entries.isEmpty()) return;
        lock.lock();
        try {
            for (LoggedEvent e : entries) {
                if (e.id() <= head) continue;
                recent.add(e);
                head = e.id();
                waiters.wake(e.recipients());
            }
            if (recent.size() > SIZE + SIZE / 4) {
                List<LoggedEvent> old = recent.subList(0, recent.size() - SIZE);
                cacheFrom = old.getLast().id();
                old.clear();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Published entries with id in (after, upTo], oldest first; from memory, or the table when older. */
    List<LoggedEvent> range(long after, long upTo) {
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
        return db.read(h -> EventStore.range(h, after, upTo));
    }

    /** The id of the last ephemeral entry published right above {@code tableHead}, or tableHead (see EventLog.pastEphemeral). */
    long pastEphemeral(long tableHead) {
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

    private int firstAfter(long after) {
        int lo = 0, hi = recent.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (recent.get(mid).id() <= after) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** Parks until the head passes {@code after}, a wake-up reaches this poll, or the timeout; returns the head. */
    long awaitAfter(long after, long timeoutMillis, Long userId, boolean allPublicStreams) throws InterruptedException {
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

    void wakeAll() {
        lock.lock();
        try {
            waiters.wakeAll();
        } finally {
            lock.unlock();
        }
    }
}
