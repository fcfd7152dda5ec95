package dev.stoa.cli.demo;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The demo's clock: the Core it builds reads time from here, so that weeks of history get the
 * times they tell (date_sent, edit and reaction times, date_joined) through the ordinary actions.
 * It only moves forward, like the history it writes.
 */
final class DemoClock extends Clock {
    private volatile Instant now;

    DemoClock(Instant start) {
        this.now = start;
    }

    /** Moves to `t`, or stays where it is when `t` is earlier (history is written in order). */
    void moveTo(Instant t) {
        if (t.isAfter(now)) now = t;
    }

    void advanceMinutes(long minutes) {
        now = now.plus(Duration.ofMinutes(minutes));
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
