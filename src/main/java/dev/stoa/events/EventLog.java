package dev.stoa.events;

import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * The realm event log, as actions, queues and caches use it: one facade over its parts, each with
 * one job and at most one lock (their order is written once, in {@link LogLock}).
 *
 * <pre>
 *   LogAppender     writes an entry inside the acting Tx (transactional outbox); ephemeral ones (typing)
 *   IdReservations  ids with no row: heartbeats, split entries' extra ids
 *   LogPublisher    after commit, moves committed entries into the window in id order, none twice or skipped
 *   LogSync         before a request: is the table ahead of this node? (other nodes, other processes)
 *   LogWindow       the head, the in-memory window all queues read, parked polls ({@link Waiters})
 *   LogPruning      deletes entries no live queue needs
 *   EventStore      the events table's SQL
 *   LogTailer       a thread publishing other nodes' entries (NOTIFY, or a poll on SQLite)
 * </pre>
 */
public final class EventLog {
    private final LogWindow window;
    private final LogPublisher publisher;
    private final LogSync sync;
    private final IdReservations ids;
    private final LogAppender appender;
    private final LogPruning pruning;

    public EventLog(Db db, Clock clock) {
        this(db, clock, LogPublisher.CatchUpSeam.NONE);
    }

    /** With a pause point in catch-up (tests of its race; see {@link LogPublisher.CatchUpSeam}). */
    EventLog(Db db, Clock clock, LogPublisher.CatchUpSeam seam) {
        long[] at = db.read(h -> {
            long head = EventStore.head(h);
            return new long[] {head, EventStore.prunedThrough(h, head)};
        });
        this.window = new LogWindow(db, at[0], at[1]);
        this.pruning = new LogPruning(db, at[1]);
        this.publisher = new LogPublisher(db, window, seam);
        this.sync = new LogSync(db, window, publisher);
        this.ids = new IdReservations(db, clock, publisher);
        this.appender = new LogAppender(clock, publisher, ids);
    }

    /** Appends an event in tx; it becomes visible to queues after the commit. */
    public long append(Tx tx, Event event, Recipients recipients) {
        return appender.append(tx, event, recipients);
    }

    /** Appends the internal entry that rows of a cached table changed (a store's write methods call it). */
    public void rowsChanged(Tx tx, CachedTable table, Collection<Long> ids) {
        appender.append(tx, new RowsChanged(table.entryName, List.copyOf(ids)), Recipients.nobody());
        LogFollower.changing(tx, table);
    }

    /**
     * An ephemeral event (typing): it takes the next id of the log's sequence in tx, as an append
     * does, but no row; after the commit it is published to this node's in-memory window in id order,
     * and on PostgreSQL the NOTIFY that wakes the other nodes' tailers carries it to theirs. A queue
     * further behind than the window, or polling after a restart, never gets it: it was meant for now.
     * (On PostgreSQL, one too large for a NOTIFY is appended as usual. A NOTIFY that reaches another
     * node after a later stored entry was published there is dropped there: ids stay in order.)
     */
    public long appendEphemeral(Tx tx, Event event, Recipients recipients) {
        return appender.appendEphemeral(tx, event, recipients);
    }

    /** An ephemeral entry another node published (the tailer's NOTIFY payload); published with the next catch-up. */
    public void receiveEphemeral(String notice, String listenerSchema) {
        publisher.receiveEphemeral(notice, listenerSchema);
    }

    /** Reads and publishes every committed entry above the head (the tailer; other nodes and processes). */
    public int catchUp() {
        return publisher.catchUp();
    }

    /** Publishes what any node committed before now, if this node has not yet; see {@link LogSync}. */
    public void catchUpWithDatabase() {
        sync.catchUpWithDatabase();
    }

    /**
     * An id for an ephemeral event (a heartbeat) of a queue whose position is {@code above}: greater
     * than it, taken from the log's own sequence, and such that every committed entry below it is
     * published — a client that acknowledges it misses nothing. One reservation serves every queue
     * whose position is below it, so a quiet realm reserves about one id per heartbeat interval.
     */
    public long reserveId(long above) {
        return ids.heartbeat(above);
    }

    /**
     * Where a queue whose snapshot read the table up to {@code tableHead} starts: past the ephemeral
     * entries published right above it (the table does not know them; they happened before the queue
     * existed), up to the first stored one, which the snapshot did not include.
     */
    public long pastEphemeral(long tableHead) {
        return window.pastEphemeral(tableHead);
    }

    /** The id of the newest published entry. */
    public long head() { return window.head(); }

    public long prunedThrough() { return pruning.prunedThrough(); }

    /** Published entries with id in (after, upTo], oldest first; from memory, or the table when older. */
    public List<LoggedEvent> range(long after, long upTo) {
        return window.range(after, upTo);
    }

    /**
     * Waits until an entry the poll of this user (null: a spectator) may receive is published past
     * {@code after}, {@link #wakeAll} is called, or the timeout elapses; returns the head. Callers
     * re-check their own conditions (a wake-up may concern nothing their queue accepts).
     */
    public long awaitAfter(long after, long timeoutMillis, Long userId, boolean allPublicStreams) throws InterruptedException {
        return window.awaitAfter(after, timeoutMillis, userId, allPublicStreams);
    }

    /** Wakes every parked poll (a queue was deleted or the server stops). */
    public void wakeAll() {
        window.wakeAll();
    }

    /** Deletes table entries at or below {@code through} (no live queue needs them). */
    public void prune(long through) {
        pruning.prune(through);
    }

    /** The log head as seen by a read transaction (register's snapshot). */
    public static long headIn(Handle h) {
        return EventStore.head(h);
    }
}
