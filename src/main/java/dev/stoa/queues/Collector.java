package dev.stoa.queues;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the periodic housekeeping every period: first this node's own tasks (flushing its queues'
 * activity, sweeping its in-memory rate limits and caches), which every node runs; then, only while
 * {@code leader} says this node holds the cluster's lease (db.ClusterLease), the cluster-wide jobs
 * (scheduled messages, mail, purges), which must run once per cluster. Each task runs in its own
 * try/catch: a failing task is logged and the schedule goes on (a ScheduledExecutorService silently
 * cancels a task that throws, so nothing may escape).
 */
public final class Collector implements AutoCloseable {
    /** Whether this node holds the cluster's lease now (db.ClusterLease): it runs the cluster-wide tasks. */
    @FunctionalInterface
    public interface Leader {
        boolean holds();
    }

    private static final Logger LOG = LoggerFactory.getLogger(Collector.class);

    private final List<Runnable> tasks;
    private final List<Runnable> clusterTasks;
    private final Leader leader;
    private final ScheduledExecutorService executor;
    private final AtomicLong passes = new AtomicLong();
    private final AtomicLong clusterPasses = new AtomicLong();
    private volatile boolean leading;

    /** Every task on every node (one node, or tasks that are all per node). */
    public Collector(List<Runnable> tasks, long periodMillis) {
        this(tasks, List.of(), () -> true, periodMillis);
    }

    /** {@code perNode} on every pass; {@code clusterWide} after them, on passes where {@code leader} is true. */
    public Collector(List<Runnable> perNode, List<Runnable> clusterWide, Leader leader, long periodMillis) {
        this.tasks = List.copyOf(perNode);
        this.clusterTasks = List.copyOf(clusterWide);
        this.leader = leader;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "stoa-collector");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(this::runOnce, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** One pass over every task; never throws. */
    public void runOnce() {
        runAll(tasks);
        leading = !clusterTasks.isEmpty() && leader.holds();
        if (leading) {
            runAll(clusterTasks);
            clusterPasses.incrementAndGet();
        }
        passes.incrementAndGet();
    }

    private static void runAll(List<Runnable> list) {
        for (Runnable task : list) {
            try {
                task.run();
            } catch (Throwable e) {
                LOG.error("collector task failed; it runs again next period", e);
            }
        }
    }

    /** Completed passes (tests wait on it). */
    public long passes() { return passes.get(); }

    /** Passes that ran the cluster-wide tasks on this node. */
    public long clusterPasses() { return clusterPasses.get(); }

    /** Whether the latest pass ran the cluster-wide tasks here (this node held the lease). */
    public boolean leading() { return leading; }

    @Override
    public void close() {
        executor.shutdownNow();
        try { // a pass under way ends before the database below it closes
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
