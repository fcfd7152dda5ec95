package dev.stoa.queues;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the periodic housekeeping (queue collector, rate-limit sweeps) every period. Each task runs
 * in its own try/catch: a failing task is logged and the schedule goes on (a ScheduledExecutorService
 * silently cancels a task that throws, so nothing may escape).
 */
public final class Collector implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Collector.class);

    private final List<Runnable> tasks;
    private final ScheduledExecutorService executor;
    private final AtomicLong passes = new AtomicLong();

    public Collector(List<Runnable> tasks, long periodMillis) {
        this.tasks = List.copyOf(tasks);
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "stoa-collector");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(this::runOnce, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** One pass over every task; never throws. */
    public void runOnce() {
        for (Runnable task : tasks) {
            try {
                task.run();
            } catch (Throwable e) {
                LOG.error("collector task failed; it runs again next period", e);
            }
        }
        passes.incrementAndGet();
    }

    /** Completed passes (tests wait on it). */
    public long passes() { return passes.get(); }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
