package dev.stoa.events;

import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import java.time.Clock;

/**
 * Ids taken from the log's own sequence with no row behind them (gaps in the table): heartbeat ids
 * for polls that time out, and the extra ids of an entry some queues receive split into several
 * events. Taking one inserts a placeholder row and deletes it at once, under the append lock.
 */
final class IdReservations {
    private final Db db;
    private final Clock clock;
    private final LogPublisher publisher;
    private final LogLock lock = new LogLock(LogLock.Rank.RESERVE);
    /** The newest id reserved for a heartbeat; every id below it was published when it was reserved. */
    private volatile long reserved;
    /** The last failed reservation and when (System.nanoTime); guarded by the lock. */
    private RuntimeException failure;
    private long failedAt;

    IdReservations(Db db, Clock clock, LogPublisher publisher) {
        this.db = db;
        this.clock = clock;
        this.publisher = publisher;
    }

    /**
     * Takes n consecutive ids for the entry about to be appended in tx (appends are locked, so they
     * fall between the previous entry and this one): one placeholder row, then the sequence moved
     * past the rest. Returns the first.
     */
    long below(Tx tx, int n) {
        long first = EventStore.takeId(tx.h(), clock.instant().getEpochSecond(), "reserved");
        if (n > 1) EventStore.moveSequenceTo(tx.h(), tx.dialect(), first + n - 1);
        return first;
    }

    /** See {@link EventLog#reserveId}. */
    long heartbeat(long above) {
        long r = reserved;
        if (r > above) return r;
        lock.lock();
        try {
            r = reserved;
            if (r > above) return r;
            // While the database does not answer, every parked poll's heartbeat would take its turn here
            // waiting out the pool's timeout: after a failure, the others fail at once for a second.
            RuntimeException failed = failure;
            if (failed != null && System.nanoTime() - failedAt < 1_000_000_000L) throw new IllegalStateException("event log unavailable", failed);
            long id;
            try {
                id = db.write(tx -> {
                    tx.lockAppends();
                    return EventStore.takeId(tx.h(), clock.instant().getEpochSecond(), "heartbeat");
                });
            } catch (RuntimeException e) {
                failure = e;
                failedAt = System.nanoTime();
                throw e;
            }
            failure = null;
            publisher.catchUp(); // everything that committed before the reservation is now published
            reserved = id;
            return id;
        } finally {
            lock.unlock();
        }
    }
}
