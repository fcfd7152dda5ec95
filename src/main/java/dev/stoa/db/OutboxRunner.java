package dev.stoa.db;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers an outbox table (mail, push relay requests, outgoing webhooks): the rows are written in
 * the transaction of the change that decided them, and this runner sends them after commit (kick,
 * on a virtual thread) and on every collector pass (deliverDue). A row is claimed before it is
 * attempted, moving its next attempt to the backoff time, so a runner on another node skips it and
 * a crash mid-attempt retries it later. What an attempt does, and what a failure writes, is the
 * feature's {@link Attempt}; the table's SQL stays in the feature's store ({@link Rows}).
 */
public final class OutboxRunner<R> {
    /** How long a row waits before its next attempt, by the number of that attempt (OutboxRunner::doublingFromAMinute, or a lease). */
    @FunctionalInterface
    public interface Backoff {
        long seconds(int attempt);
    }

    private static final Logger LOG = LoggerFactory.getLogger(OutboxRunner.class);
    private static final int BATCH = 100;

    /** The outbox table's SQL, from the feature's store. */
    public interface Rows<R> {
        /** Unsent rows whose next attempt is due, in sending order. */
        List<R> due(Handle h, long now, int limit);

        /** Claims a row for one attempt (attempts + 1, next attempt at retryAt) unless another runner did first. */
        boolean claim(Handle h, R row, long retryAt);

        /** The attempts already made for this row (before the claim). */
        int attempts(R row);
    }

    /** One attempt at a claimed row: it records the outcome itself and answers whether the row was delivered. */
    public interface Attempt<R> {
        boolean attempt(R row);
    }

    /** 1, 2, 4, ... minutes, at most an hour: mail's and the push relay's. */
    public static long doublingFromAMinute(int attempt) {
        return Math.min(3600, 60L << Math.min(attempt - 1, 6));
    }

    private final String name;
    private final Db db;
    private final Clock clock;
    private final Rows<R> rows;
    private final Attempt<R> attempt;
    private final Backoff backoffSeconds;
    private final int parallelism;
    private final ReentrantLock running = new ReentrantLock();
    private final AtomicBoolean again = new AtomicBoolean();

    /**
     * @param parallelism how many attempts of one pass run at once (1: one after the other), so a
     *        slow target holds back at most that many, and the node never opens more connections
     */
    public OutboxRunner(String name, Db db, Clock clock, Rows<R> rows, Attempt<R> attempt, Backoff backoffSeconds, int parallelism) {
        this.name = name;
        this.db = db;
        this.clock = clock;
        this.rows = rows;
        this.attempt = attempt;
        this.backoffSeconds = backoffSeconds;
        this.parallelism = parallelism;
    }

    /** After a commit that queued rows: deliver soon, off the request's thread. */
    public void kick() {
        Thread.ofVirtual().name("stoa-" + name).start(this::deliverDue);
    }

    /** One pass over the due rows (the collector's task); never throws. Returns how many were delivered. */
    public int deliverDue() {
        int sent = 0;
        // One pass at a time per node. A call while a pass runs only raises `again`; the pass's
        // owner re-checks it after unlocking, so no request for a pass is ever lost.
        again.set(true);
        while (again.get()) {
            if (!running.tryLock()) return sent;
            try {
                while (again.getAndSet(false)) sent += pass();
            } catch (RuntimeException e) {
                LOG.error("{} delivery pass failed; it runs again on the next collector pass", name, e);
                return sent;
            } finally {
                running.unlock();
            }
        }
        return sent;
    }

    private int pass() {
        long now = clock.instant().getEpochSecond();
        List<R> claimed = new ArrayList<>();
        for (R r : db.read(h -> rows.due(h, now, BATCH))) {
            long retryAt = now + backoffSeconds.seconds(rows.attempts(r) + 1);
            if (db.write(tx -> rows.claim(tx.h(), r, retryAt))) claimed.add(r);
        }
        if (parallelism <= 1 || claimed.size() <= 1) {
            int sent = 0;
            for (R r : claimed) if (attemptSafely(r)) sent++;
            return sent;
        }
        return inParallel(claimed);
    }

    private int inParallel(List<R> claimed) {
        int sent = 0;
        try (ExecutorService pool = Executors.newFixedThreadPool(parallelism, Thread.ofVirtual().name("stoa-" + name + "-", 0).factory())) {
            List<Future<Boolean>> results = new ArrayList<>();
            for (R r : claimed) results.add(pool.submit(() -> attemptSafely(r)));
            for (Future<Boolean> f : results) if (f.get()) sent++;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        return sent;
    }

    /** A failing attempt (a bug, the database gone) leaves its row claimed: it is retried at the backoff time. */
    private boolean attemptSafely(R r) {
        try {
            return attempt.attempt(r);
        } catch (RuntimeException e) {
            LOG.error("{} delivery attempt failed; the row is retried later", name, e);
            return false;
        }
    }
}
