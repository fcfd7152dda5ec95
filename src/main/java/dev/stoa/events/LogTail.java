package dev.stoa.events;

import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Tells an in-memory cache whether committed log entries of some types were published since it
 * last asked, so the cache reloads from committed state only (every node sees the same log).
 * The scan reads the log's in-memory window: a few comparisons per new entry, no query.
 */
public final class LogTail {
    private final EventLog log;
    private final Set<String> types;
    private final ReentrantLock lock = new ReentrantLock();
    private long seen;

    public LogTail(EventLog log, Set<String> types) {
        this.log = log;
        this.types = types;
        this.seen = log.head();
    }

    /** Whether an entry of the watched types was published since the previous call; call before reloading. */
    public boolean changed() {
        long head = log.head();
        if (head <= seen) return false;
        lock.lock();
        try {
            if (head <= seen) return false;
            boolean hit = false;
            for (LoggedEvent e : log.range(seen, head)) {
                if (types.contains(e.type())) {
                    hit = true;
                    break;
                }
            }
            seen = head;
            return hit;
        } finally {
            lock.unlock();
        }
    }
}
