package dev.stoa.ops;

import dev.stoa.db.Db;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Whether this node should receive traffic: it has started (migrations ran before the listener
 * opened; the background work is running) and is not stopping, and its database answers a trivial
 * query within {@link #WAIT_MILLIS}. One database check serves every probe for a second, so that
 * a load balancer probing often costs the database nothing.
 */
final class Readiness {
    static final long WAIT_MILLIS = 1500;
    private static final long REUSE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Db db;
    private final OpsHandler.Serving serving;
    private final ReentrantLock lock = new ReentrantLock();
    private CompletableFuture<String> check;
    private long checkStarted;

    Readiness(Db db, OpsHandler.Serving serving) {
        this.db = db;
        this.serving = serving;
    }

    /** Null when ready, else why not. */
    String problem() {
        if (!serving.now()) return "Stoa is starting or stopping";
        try {
            return databaseCheck().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return "the database did not answer within " + WAIT_MILLIS + " ms";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (ExecutionException e) {
            return "the database check failed";
        }
    }

    private CompletableFuture<String> databaseCheck() {
        lock.lock();
        try {
            long now = System.nanoTime();
            if (check == null || (check.isDone() && now - checkStarted > REUSE_NANOS)) {
                CompletableFuture<String> f = new CompletableFuture<>();
                check = f;
                checkStarted = now;
                Thread.ofVirtual().name("stoa-readiness").start(() -> f.complete(ping()));
            }
            return check;
        } finally {
            lock.unlock();
        }
    }

    private String ping() {
        try {
            db.ping();
            return null;
        } catch (RuntimeException e) {
            return "the database does not answer";
        }
    }
}
