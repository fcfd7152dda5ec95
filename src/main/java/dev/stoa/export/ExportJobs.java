package dev.stoa.export;

import dev.stoa.db.Db;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs exports in the background, one at a time, off the request threads. While this process holds
 * an export (queued or running) it writes the export's heartbeat every HEARTBEAT_SECONDS; the
 * collector fails a pending export whose heartbeat is older than STALE_MILLIS, which is how an
 * export interrupted by a crash or a restart ends: failed, as Zulip marks a retried export.
 */
public final class ExportJobs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ExportJobs.class);
    static final long HEARTBEAT_SECONDS = 30;
    public static final long STALE_MILLIS = 5 * 60_000;

    private final Db db;
    private final ExportStore store;
    private final Clock clock;
    private final Set<Long> held = ConcurrentHashMap.newKeySet();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> daemon(r, "stoa-export"));
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "stoa-export-heartbeat"));

    public ExportJobs(Db db, ExportStore store, Clock clock) {
        this.db = db;
        this.store = store;
        this.clock = clock;
        ticker.scheduleWithFixedDelay(this::beat, HEARTBEAT_SECONDS, HEARTBEAT_SECONDS, TimeUnit.SECONDS);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Queues the work of export `id`; the work itself marks the export done or failed. */
    public void submit(long id, Runnable work) {
        held.add(id);
        worker.execute(() -> {
            try {
                work.run();
            } catch (Throwable e) {
                LOG.error("export {} failed", id, e);
            } finally {
                held.remove(id);
            }
        });
    }

    /** Nothing queued or running. */
    public boolean idle() {
        return held.isEmpty();
    }

    private void beat() {
        if (held.isEmpty()) return;
        try {
            db.write(tx -> {
                store.heartbeat(tx.h(), Set.copyOf(held), clock.millis());
                return null;
            });
        } catch (RuntimeException e) {
            LOG.warn("export heartbeat failed; it is written again in {} s", HEARTBEAT_SECONDS, e);
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        worker.shutdownNow();
    }
}
