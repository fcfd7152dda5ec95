package dev.stoa.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;
import org.HdrHistogram.Histogram;

/** Drives requests and records their latencies (HdrHistogram, microseconds). */
final class Load {
    private Load() {}

    /** Latencies and counts of one measured series. */
    static final class Stats {
        private final Histogram histogram = new Histogram(TimeUnit.MINUTES.toMicros(5), 3);
        private final AtomicLong errors = new AtomicLong();
        private long firstNanos = Long.MAX_VALUE, lastNanos;

        synchronized void record(long startNanos, long endNanos) {
            histogram.recordValue(Math.min(histogram.getHighestTrackableValue(), Math.max(0, (endNanos - startNanos) / 1000)));
            firstNanos = Math.min(firstNanos, startNanos);
            lastNanos = Math.max(lastNanos, endNanos);
        }

        void error() { errors.incrementAndGet(); }

        /** Adds another series' figures to this one. */
        void add(Stats other) {
            synchronized (other) {
                synchronized (this) {
                    histogram.add(other.histogram);
                    firstNanos = Math.min(firstNanos, other.firstNanos);
                    lastNanos = Math.max(lastNanos, other.lastNanos);
                }
            }
            errors.addAndGet(other.errors());
        }

        synchronized long count() { return histogram.getTotalCount(); }

        long errors() { return errors.get(); }

        synchronized double millisAt(double percentile) { return histogram.getValueAtPercentile(percentile) / 1000.0; }

        synchronized double maxMillis() { return histogram.getMaxValue() / 1000.0; }

        synchronized double meanMillis() { return histogram.getMean() / 1000.0; }

        /** Answers per second over the time from the first start to the last answer. */
        synchronized double throughput() {
            return lastNanos <= firstNanos ? 0 : histogram.getTotalCount() / ((lastNanos - firstNanos) / 1e9);
        }

        /** Mattermost's bar, with ours on top: mean <= 100 ms, p99 <= 2 s, errors <= 0.025%. */
        boolean healthy() {
            long all = count() + errors();
            return all > 0 && meanMillis() <= 100 && millisAt(99) <= 2000 && errors() <= all * 0.00025;
        }
    }

    /**
     * Open loop: request i starts at t0 + i/rate whatever earlier answers do, and its latency counts
     * from that scheduled moment, so a slow server cannot slow the load down and hide its queueing.
     */
    static Stats openLoop(double rate, double seconds, LongFunction<CompletableFuture<?>> request) {
        Stats stats = new Stats();
        long period = (long) (1e9 / rate), n = Math.max(1, (long) (rate * seconds));
        long t0 = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(5);
        List<CompletableFuture<?>> inFlight = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            long at = t0 + i * period;
            for (long wait; (wait = at - System.nanoTime()) > 0; ) LockSupport.parkNanos(wait);
            try {
                inFlight.add(request.apply(i).whenComplete((r, e) -> {
                    if (e != null) stats.error();
                    else stats.record(at, System.nanoTime());
                }));
            } catch (RuntimeException e) {
                stats.error();
            }
        }
        awaitAll(inFlight, stats);
        return stats;
    }

    /** Closed loop: `concurrency` callers, each starting its next request when the last is answered (a ceiling, not a latency). */
    static Stats closedLoop(int concurrency, double seconds, Runnable request) throws InterruptedException {
        Stats stats = new Stats();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        List<Thread> callers = new ArrayList<>();
        for (int c = 0; c < concurrency; c++) {
            callers.add(Thread.ofVirtual().start(() -> {
                while (System.nanoTime() < end) {
                    long s = System.nanoTime();
                    try {
                        request.run();
                        stats.record(s, System.nanoTime());
                    } catch (RuntimeException e) {
                        stats.error();
                    }
                }
            }));
        }
        for (Thread t : callers) t.join();
        return stats;
    }

    private static void awaitAll(List<CompletableFuture<?>> inFlight, Stats stats) {
        try {
            CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).get(3, TimeUnit.MINUTES);
        } catch (TimeoutException e) {
            inFlight.stream().filter(f -> !f.isDone()).forEach(f -> {
                if (f.cancel(true)) stats.error();
            });
        } catch (ExecutionException e) {
            // each failure was counted by its own whenComplete
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
