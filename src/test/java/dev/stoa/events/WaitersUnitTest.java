package dev.stoa.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import org.junit.jupiter.api.Test;

/** A published entry wakes only the parked polls its recipients may include. */
class WaitersUnitTest {
    /** Counts signals instead of waking anyone. */
    static final class Counting implements Condition {
        int signals;

        @Override public void signal() { signals++; }
        @Override public void signalAll() { signals++; }
        @Override public void await() {}
        @Override public void awaitUninterruptibly() {}
        @Override public long awaitNanos(long nanos) { return 0; }
        @Override public boolean await(long time, TimeUnit unit) { return false; }
        @Override public boolean awaitUntil(Date deadline) { return false; }
    }

    @Test
    void wakesRecipientsPublicWatchersOrEveryone() {
        Waiters w = new Waiters();
        Counting alice = new Counting(), bob = new Counting(), watcher = new Counting(), spectator = new Counting();
        Waiters.Parked bobParked = new Waiters.Parked(2L, false, bob);
        w.add(new Waiters.Parked(1L, false, alice));
        w.add(bobParked);
        w.add(new Waiters.Parked(3L, true, watcher));
        w.add(new Waiters.Parked(null, false, spectator));

        w.wake(Recipients.users(List.of(1L)));
        assertThat(List.of(alice.signals, bob.signals, watcher.signals, spectator.signals)).containsExactly(1, 0, 0, 0);
        w.wake(Recipients.channelMessage(List.of(2L), true));
        assertThat(List.of(alice.signals, bob.signals, watcher.signals, spectator.signals)).containsExactly(1, 1, 1, 0);
        w.wake(Recipients.all());
        assertThat(List.of(alice.signals, bob.signals, watcher.signals)).containsExactly(2, 2, 2);
        w.wake(Recipients.allExcept(List.of(1L)));
        assertThat(bob.signals).isEqualTo(3);

        w.remove(bobParked);
        w.wake(Recipients.users(List.of(2L)));
        assertThat(bob.signals).isEqualTo(3);
    }
}
