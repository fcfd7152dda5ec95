package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.Await;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The collector's schedule survives failing tasks. */
class QueueCollectorUnitTest {
    @Test
    void aFailingTaskNeverStopsTheSchedule() throws Exception {
        AtomicInteger ran = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        try (Collector c = new Collector(List.of(
                () -> { failed.incrementAndGet(); throw new IllegalStateException("boom"); },
                () -> { throw new StackOverflowError("deep"); },
                ran::incrementAndGet), 5)) {
            Await.until("three collector passes", 30, () -> c.passes() >= 3);
        }
        assertThat(failed.get()).isGreaterThanOrEqualTo(3);
        assertThat(ran.get()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void runOnceNeverThrows() {
        Collector c = new Collector(List.of(() -> { throw new RuntimeException("x"); }), 3_600_000);
        c.runOnce();
        assertThat(c.passes()).isEqualTo(1);
        c.close();
    }
}
