package dev.stoa.channels;

import dev.stoa.db.Db;
import java.time.Clock;
import java.util.Map;

/**
 * Each channel's recent traffic, for `is_recently_active` and `stream_weekly_traffic`. Zulip
 * recomputes these daily in a batch job rather than on every message; so does Stoa: one grouped
 * query over the messages of the last 180 days, at start and then once a day from the collector.
 */
public final class ChannelActivity {
    private static final long DAY = 86_400;
    private final Db db;
    private final ChannelStore channels;
    private final Clock clock;
    /** Per channel: the newest message's time and the number of messages in the last four weeks. */
    private volatile Map<Long, ChannelStore.Traffic> traffic = Map.of();
    private volatile long computedAt = -1; // never

    public ChannelActivity(Db db, ChannelStore channels, Clock clock) {
        this.db = db;
        this.channels = channels;
        this.clock = clock;
    }

    ChannelStore.Traffic of(long channelId) {
        return traffic.get(channelId);
    }

    /** Recomputes when a day has passed since the last computation (the collector calls this every minute). */
    public void refreshDaily() {
        long now = clock.instant().getEpochSecond();
        if (computedAt >= 0 && now - computedAt < DAY) return;
        Map<Long, ChannelStore.Traffic> out = db.read(h -> channels.traffic(h, now - 28 * DAY, now - 180 * DAY));
        traffic = Map.copyOf(out);
        computedAt = now;
    }
}
