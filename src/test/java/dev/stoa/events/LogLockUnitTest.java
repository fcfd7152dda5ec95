package dev.stoa.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The event log's locks are taken in one order: out of order fails at once (assertions on, as in every test run). */
class LogLockUnitTest {
    private final LogLock reserve = new LogLock(LogLock.Rank.RESERVE);
    private final LogLock sync = new LogLock(LogLock.Rank.SYNC);
    private final LogLock publish = new LogLock(LogLock.Rank.PUBLISH);
    private final LogLock window = new LogLock(LogLock.Rank.WINDOW);

    @Test
    void theCheckIsOnInTests() {
        assertThat(LogLock.orderChecked()).as("surefire runs with -ea; without it this test proves nothing").isTrue();
    }

    @Test
    void inRankOrderAndReentrantIsAllowed() {
        reserve.lock();
        publish.lock();
        window.lock();
        window.lock();
        window.unlock();
        window.unlock();
        publish.unlock();
        reserve.unlock();
        sync.lock();
        publish.lock();
        publish.unlock();
        sync.unlock();
    }

    @Test
    void anEarlierRankWhileHoldingALaterOneFails() {
        window.lock();
        try {
            assertThatThrownBy(publish::lock).isInstanceOf(AssertionError.class).hasMessageContaining("PUBLISH taken while holding WINDOW");
        } finally {
            window.unlock();
        }
        publish.lock(); // released: allowed again, and nothing was left marked as held
        publish.unlock();
    }

    @Test
    void twoLocksOfOneRankAreOutOfOrderToo() {
        LogLock other = new LogLock(LogLock.Rank.PUBLISH);
        publish.lock();
        try {
            assertThatThrownBy(other::lock).isInstanceOf(AssertionError.class);
        } finally {
            publish.unlock();
        }
    }

    @Test
    void waitingOnTheWindowReleasesIt() throws InterruptedException {
        window.lock();
        try {
            window.newCondition().awaitNanos(1); // returns at once; the lock is held again after
        } finally {
            window.unlock();
        }
        reserve.lock();
        reserve.unlock();
    }
}
