package dev.stoa.events;

import dev.stoa.db.Db;

/**
 * Publishes what any node committed before now, if this node has not yet (PostgreSQL, several
 * nodes; SQLite written by another process): called before a request reads the in-memory caches
 * that follow the log, so that a change answered by node A is seen by the next request to node B,
 * not a NOTIFY later. Requests that arrive together share one query (the SYNC lock).
 */
final class LogSync {
    private final Db db;
    private final LogWindow window;
    private final LogPublisher publisher;
    private final LogLock lock = new LogLock(LogLock.Rank.SYNC);
    /** When (nanoTime) the latest head query began; guarded by the lock. */
    private long lastSyncStart = System.nanoTime(); // before any request arrives
    /** Db.commitStamp() as the latest head query began (SQLite): unchanged means nothing committed since. */
    private Object lastStamp;

    LogSync(Db db, LogWindow window, LogPublisher publisher) {
        this.db = db;
        this.window = window;
        this.publisher = publisher;
    }

    /** One indexed query, then a catch-up only when the table is ahead. */
    void catchUpWithDatabase() {
        long arrived = System.nanoTime();
        lock.lock();
        try {
            // A query that began after this request arrived and has completed (we hold the lock) saw everything committed before it.
            if (lastSyncStart - arrived > 0) return;
            // SQLite: a file stat instead of a query when no process committed since the last query.
            Object stamp = db.commitStamp();
            if (stamp != null && stamp.equals(lastStamp)) return;
            lastStamp = stamp;
            lastSyncStart = System.nanoTime();
            // One statement on a pooled connection, no snapshot transaction around it (BEGIN/COMMIT round trips).
            long dbHead = db.jdbi().withHandle(EventStore::head);
            if (dbHead > window.head()) publisher.catchUp();
        } finally {
            lock.unlock();
        }
    }
}
