package dev.stoa.events;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one way an in-memory cache follows the event log, so that every node over one database holds
 * the same committed state and no cache listens to a local action. A cache extends it, declares the
 * tables it holds rows of ({@link CachedTable}), and calls {@link #follow()} before it answers: the
 * {@link RowsChanged} entries of those tables published since its last look are handed to
 * {@link #changed} once, in id order, by one thread at a time. When entries it never saw were pruned from the table (no request for a long while) it
 * cannot know what changed: {@link #changed} gets null, meaning "reload everything".
 *
 * <p>The caches that follow the log are listed in one place, DEVELOPING.md ("Caches that follow the log"),
 * which ArchitectureTest keeps complete.
 */
public abstract class LogFollower {
    private final EventLog log;
    private final Set<CachedTable> tables;
    /** One follower at a time per cache; taken with none of the log's locks held (they are taken inside, in order). */
    private final ReentrantLock lock = new ReentrantLock();
    /** The log head through which entries were handed to {@link #changed}. */
    private volatile long seen;

    protected LogFollower(EventLog log, Set<CachedTable> tables) {
        this.log = log;
        this.tables = Set.copyOf(tables);
        this.seen = log.head();
    }

    /** The tables this cache follows. */
    public final Set<CachedTable> follows() { return tables; }

    /** The head through which this cache has followed the log. */
    public final long seen() { return seen; }

    /**
     * Hands the RowsChanged entries of the followed tables published since the last call to {@link #changed};
     * returns the head they reach (a read that began before it may be kept: nothing later was missed).
     */
    protected final long follow() {
        long head = log.head();
        if (head <= seen) return head;
        lock.lock();
        try {
            long from = seen;
            if (head <= from) return head;
            if (log.prunedThrough() > from) {
                changed(null, head);
            } else {
                List<RowsChanged.Seen> mine = new ArrayList<>();
                for (LoggedEvent e : log.range(from, head)) {
                    RowsChanged.Seen c = RowsChanged.of(e);
                    if (c != null && tables.contains(c.table())) mine.add(c);
                }
                if (!mine.isEmpty()) changed(mine, head);
            }
            seen = head;
            return head;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Follows, then runs {@code then} before any other thread follows: for a cache that keeps a value
     * it read before, which a change published meanwhile must not be left to overwrite.
     */
    protected final void followAnd(Runnable then) {
        lock.lock();
        try {
            follow();
            then.run();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Rows of the followed tables changed, up to {@code head}: update or reload. Null changes:
     * entries were pruned unseen; reload everything. Called under this follower's lock.
     */
    protected abstract void changed(List<RowsChanged.Seen> changes, long head);
}
