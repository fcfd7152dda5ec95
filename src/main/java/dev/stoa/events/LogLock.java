package dev.stoa.events;

import java.util.Arrays;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The event log's in-process locks and the one order a thread takes them in. A thread holding a
 * lock takes only locks of a later rank (re-entering the one it holds is allowed); with assertions
 * on (every test run) a lock taken out of order throws, so a new path that could deadlock fails
 * its first test instead of a production night.
 *
 * <pre>
 *   RESERVE  IdReservations  one heartbeat id reservation at a time; it writes (below)
 *   (the database writer: Db's write lock on SQLite, the advisory append lock on PostgreSQL;
 *    afterCommit hooks publish while it is held, so only RESERVE may come before it)
 *   SYNC     LogSync         one "is the table ahead?" query at a time
 *   PUBLISH  LogPublisher    one publisher at a time (a committing thread or the tailer)
 *   WINDOW   LogWindow       the in-memory window, the head and the parked polls
 * </pre>
 *
 * Who takes what: reserveId takes RESERVE, writes, then catches up (PUBLISH, WINDOW); a commit's
 * hook takes PUBLISH then WINDOW under the writer; a request's sync takes SYNC, PUBLISH, WINDOW;
 * a poll parks on a Condition of WINDOW. No holder of SYNC, PUBLISH or WINDOW ever waits for the
 * writer (they only read).
 */
final class LogLock {
    enum Rank { RESERVE, SYNC, PUBLISH, WINDOW }

    /** Whether assertions are on for this class: the order check costs a ThreadLocal read per lock. */
    private static final boolean CHECKED = checked();
    /** The ranks this thread holds, one bit each. */
    private static final ThreadLocal<int[]> HELD = ThreadLocal.withInitial(() -> new int[1]);

    private final ReentrantLock lock = new ReentrantLock();
    private final Rank rank;

    LogLock(Rank rank) {
        this.rank = rank;
    }

    void lock() {
        if (CHECKED && !lock.isHeldByCurrentThread()) checkOrder();
        lock.lock();
        if (CHECKED && lock.getHoldCount() == 1) HELD.get()[0] |= 1 << rank.ordinal();
    }

    void unlock() {
        if (CHECKED && lock.getHoldCount() == 1) HELD.get()[0] &= ~(1 << rank.ordinal());
        lock.unlock();
    }

    Condition newCondition() { return lock.newCondition(); }

    private void checkOrder() {
        int later = HELD.get()[0] >>> rank.ordinal();
        if (later != 0) {
            throw new AssertionError("event log lock " + rank + " taken while holding " + Rank.values()[rank.ordinal() + Integer.numberOfTrailingZeros(later)]
                    + " or later; the order is " + Arrays.toString(Rank.values()));
        }
    }

    private static boolean checked() {
        boolean on = false;
        assert on = true; // deliberately an assignment: true only when assertions are enabled
        return on;
    }

    static boolean orderChecked() { return CHECKED; }
}
