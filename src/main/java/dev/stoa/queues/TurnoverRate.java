package dev.stoa.queues;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many polls this node answered with events per second, over the last completed slot of about
 * 100 ms: a count per turnover (no lock, no allocation), read by polls deciding whether to gather.
 * Times are System.nanoTime() values, passed in so that a test can give its own.
 */
final class TurnoverRate {
    static final long SLOT_NANOS = 100_000_000L;

    private final LongAdder inSlot = new LongAdder();
    private final AtomicLong slotStart;
    private volatile long perSecond;

    TurnoverRate(long now) {
        this.slotStart = new AtomicLong(now);
    }

    void count(long now) {
        roll(now);
        inSlot.increment();
    }

    long perSecond(long now) {
        roll(now);
        return perSecond;
    }

    /** Closes the slot once it is SLOT_NANOS old; a long quiet slot spreads its few counts over its length. */
    private void roll(long now) {
        long start = slotStart.get();
        long length = now - start;
        if (length < SLOT_NANOS || !slotStart.compareAndSet(start, now)) return;
        perSecond = inSlot.sumThenReset() * 1_000_000_000L / length;
    }
}
