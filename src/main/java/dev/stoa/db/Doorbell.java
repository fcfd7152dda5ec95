package dev.stoa.db;

import java.util.concurrent.Semaphore;

/**
 * Wakes a worker after commit without the writer knowing the worker: the feature that writes an
 * outbox row rings (tx.afterCommit(bell::ring)), the worker built later waits for it. Both get the
 * same bell through their constructors, so a send can queue calls whose delivery posts messages.
 */
public final class Doorbell {
    private final Semaphore rung = new Semaphore(0);

    public void ring() {
        // One pending ring is enough: the pass it starts sees every row committed before it.
        if (rung.availablePermits() == 0) rung.release();
    }

    /** Waits for a ring (or the interrupt of a stopping worker). */
    public void await() throws InterruptedException {
        rung.acquire();
        rung.drainPermits();
    }
}
