package dev.stoa.events;

import dev.stoa.db.Tx;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;

/**
 * The one way an in-memory cache follows the event log, so that every node over one database holds
 * the same committed state and no cache listens to a local action. A cache extends it, declares the
 * tables it holds rows of ({@link CachedTable}), and calls {@link #follow()} before it answers: the
 * {@link RowsChanged} entries of those tables published since its last look are handed to
 * {@link #changed} once, in id order, by one thread at a time. When entries it never saw were pruned
 * from the table (no request for a long while) it cannot know what changed: {@link #changed} gets
 * null, meaning "reload everything".
 *
 * <p>Reads at a snapshot (register: one consistent state, as of its queue's first event id) run inside
 * {@link #readingAt}: a cache then answers with the state at the snapshot's log head ({@link #at}),
 * never a newer or older one. A cache labels each state it loads with the log head its read saw
 * ({@link EventLog#headIn}, in the same read), and that state is the snapshot's when no entry of its
 * tables lies between the two heads; otherwise the cache reads through the snapshot's handle.
 *
 * <p>The caches that follow the log are listed in one place, DEVELOPING.md ("Caches that follow the log"),
 * which ArchitectureTest keeps complete.
 */
public abstract class LogFollower {
    /** A read at one snapshot: its handle, the log head it sees, and what caches worked out for it. */
    public static final class Snapshot {
        private final Handle h;
        private final long head;
        /** Per cache: its answer at this snapshot (one register asks the realm dozens of times). */
        private final Map<LogFollower, Object> atHead = new HashMap<>();

        Snapshot(Handle h, long head) {
            this.h = h;
            this.head = head;
        }

        public Handle h() { return h; }

        public long head() { return head; }
    }

    private static final ScopedValue<Snapshot> SNAPSHOT = ScopedValue.newInstance();

    /** A read at a snapshot, run with the caches answering as of it. */
    @FunctionalInterface
    public interface SnapshotRead<T> {
        T read(Snapshot s) throws Exception;
    }

    /**
     * Runs {@code read} with every cache answering as of h's snapshot: register's one consistent state.
     * The snapshot's log head is read first, through h (its transaction's first statement fixes the
     * snapshot on PostgreSQL; on SQLite the read transaction's first read does).
     */
    public static <T> T readingAt(Handle h, SnapshotRead<T> read) throws Exception {
        Snapshot s = new Snapshot(h, EventLog.headIn(h));
        return ScopedValue.where(SNAPSHOT, s).call(() -> read.read(s));
    }

    /**
     * Write transactions' handles → the cached tables they changed, not yet committed: a cache must not
     * answer for such a handle (it holds committed state; the transaction sees its own writes). Weak: a
     * rolled-back transaction's handle just goes; a committed one is removed after its commit.
     */
    private static final Map<Handle, Set<CachedTable>> UNCOMMITTED = Collections.synchronizedMap(new WeakHashMap<>());

    /** A store changed rows of a cached table in tx (EventLog.rowsChanged): until it commits, caches of that table refuse tx's handle. */
    static void changing(Tx tx, CachedTable table) {
        Set<CachedTable> changed = UNCOMMITTED.get(tx.h());
        if (changed == null) {
            changed = EnumSet.noneOf(CachedTable.class);
            UNCOMMITTED.put(tx.h(), changed);
            Handle h = tx.h();
            tx.afterCommit(() -> UNCOMMITTED.remove(h));
        }
        changed.add(table);
    }

    /**
     * Whether h is a write transaction that changed one of this cache's tables, uncommitted: the cache
     * must not answer for it (the caller reads through h, which sees its own writes). So a read inside
     * such a transaction is uncached by construction, with nothing for the caller to remember.
     */
    protected final boolean changedIn(Handle h) {
        Set<CachedTable> changed = UNCOMMITTED.get(h);
        if (changed == null) return false;
        for (CachedTable t : changed) if (tables.contains(t)) return true;
        return false;
    }

    private final EventLog log;
    private final Set<CachedTable> tables;
    /** One follower at a time per cache; taken with none of the log's locks held (they are taken inside, in order). */
    private final ReentrantLock lock = new ReentrantLock();
    /** The log head through which entries were handed to {@link #changed}. */
    private volatile long seen;
    /** The id of the newest entry handed to {@link #changed} (for null, the head then); written before {@link #seen}. */
    private volatile long lastChange;

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
                lastChange = head;
                changed(null, head);
            } else {
                List<RowsChanged.Seen> mine = mine(log.range(from, head));
                if (!mine.isEmpty()) {
                    lastChange = mine.getLast().entryId();
                    changed(mine, head);
                }
            }
            seen = head;
            return head;
        } finally {
            lock.unlock();
        }
    }

    private List<RowsChanged.Seen> mine(List<LoggedEvent> entries) {
        List<RowsChanged.Seen> mine = new ArrayList<>();
        for (LoggedEvent e : entries) {
            RowsChanged.Seen c = RowsChanged.of(e);
            if (c != null && tables.contains(c.table())) mine.add(c);
        }
        return mine;
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

    /** The snapshot this thread reads at ({@link #readingAt}), or null: a read of the newest committed state. */
    protected static Snapshot snapshot() {
        return SNAPSHOT.isBound() ? SNAPSHOT.get() : null;
    }

    /**
     * This cache's answer at the snapshot, worked out once per snapshot: {@code atHead} gives it (from
     * memory when {@link #sameAt} holds for the state it has, else through the snapshot's handle).
     */
    @SuppressWarnings("unchecked")
    protected final <T> T at(Snapshot s, Supplier<T> atHead) {
        Object known = s.atHead.get(this);
        if (known == null) {
            known = atHead.get(); // may ask another cache at this snapshot: no computeIfAbsent
            s.atHead.put(this, known);
        }
        return (T) known;
    }

    /**
     * Whether a state this cache read at log head {@code stateAt} (the head its read saw) is the state at
     * the snapshot's: no entry of its tables lies between the two. Follows first; entries the snapshot
     * sees but this node has not published yet are read through the snapshot's handle (no second connection).
     */
    protected final boolean sameAt(Snapshot s, long stateAt) {
        follow();
        long through = seen, last = lastChange; // seen first: lastChange was written before it
        if (stateAt > through) return false; // a state newer than what was followed: unknown entries
        if (s.head() <= stateAt) return last <= s.head();
        if (last > stateAt) return false;
        if (s.head() <= through) return true;
        if (log.prunedThrough() > through) return false;
        return mine(EventStore.range(s.h(), through, s.head(), List.of(RowsChanged.TYPE))).isEmpty();
    }

    /**
     * The changes of this cache's tables in (after, upTo], read through h (a snapshot that sees upTo; no
     * second connection); null when entries there were pruned (read everything again).
     */
    protected final List<RowsChanged.Seen> changesIn(Handle h, long after, long upTo) {
        if (log.prunedThrough() > after) return null;
        return mine(EventStore.range(h, after, upTo, List.of(RowsChanged.TYPE)));
    }

    /**
     * The changes of this cache's tables in (after, upTo] among the entries this node has published
     * (from memory, or the table when older); null when it has not published upTo yet or entries were pruned.
     */
    protected final List<RowsChanged.Seen> changesPublished(long after, long upTo) {
        if (upTo > log.head() || log.prunedThrough() > after) return null;
        return mine(log.range(after, upTo));
    }

    /** Past this many log ids between a kept state and a snapshot's head, a cache reads everything again rather than scan the log. */
    private static final long MAX_SCAN = 100_000;

    /**
     * The changes of this cache's tables between a kept state's head and a snapshot's head {@code at},
     * in either order: forward through h, backward (a register that began before the kept state) by the
     * entries this node has published, since h cannot see them. Null past {@link #MAX_SCAN} or when
     * entries were pruned: read everything again.
     */
    protected final List<RowsChanged.Seen> changesBetween(Handle h, long keptHead, long at) {
        if (Math.abs(at - keptHead) > MAX_SCAN) return null;
        return at > keptHead ? changesIn(h, keptHead, at) : changesPublished(at, keptHead);
    }

    /**
     * Rows of the followed tables changed, up to {@code head}: update or reload. Null changes:
     * entries were pruned unseen; reload everything. Called under this follower's lock.
     */
    protected abstract void changed(List<RowsChanged.Seen> changes, long head);
}
