package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The busy measure gathering reads: polls answered per second over the last completed slot, on given times. */
class TurnoverRateUnitTest {
    private static final long MS = 1_000_000L;

    @Test
    void countsPerSecondOverTheLastSlotAndFallsWhenTheNodeQuietens() {
        TurnoverRate rate = new TurnoverRate(0);
        for (int i = 0; i < 500; i++) rate.count(i * 100_000L); // 500 in the first 50 ms
        assertThat(rate.perSecond(60 * MS)).isZero(); // the slot is still open
        assertThat(rate.perSecond(100 * MS)).isEqualTo(5_000);
        assertThat(rate.perSecond(150 * MS)).isEqualTo(5_000); // until the next slot closes
        rate.count(150 * MS);
        assertThat(rate.perSecond(1_100 * MS)).isEqualTo(1); // one answer in a quiet second
        assertThat(rate.perSecond(1_300 * MS)).isZero();
    }
}
