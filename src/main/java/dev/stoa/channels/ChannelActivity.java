package dev.stoa.channels;

import dev.stoa.db.Db;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/**
 * Each channel's recent traffic, for `is_recently_active` and `stream_weekly_traffic`. Zulip
 * recomputes these daily in a batch job rather than on every message; so does Stoa: one grouped
 * query over the messages of the last 180 days, at start and then once a day from the collector.
 */
public final class ChannelActivity {
    /** The newest message's time and the number of messages in the last four weeks. */
    record Traffic(long lastMessageAt, long lastFourWeeks) {}

    private static final long DAY = 86_400;
    private final Db db;
    private final Clock clock;
    private volatile Map<Long, Traffic> traffic = Map.of();
    private volatile long computedAt = -1; // never

    public ChannelActivity(Db db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    Traffic of(long channelId) {
        return traffic.get(channelId);
    }

    /** Recomputes when a day has passed since the last computation (the collector calls this every minute). */
    public void refreshDaily() {
        long now = clock.instant().getEpochSecond();
        if (computedAt >= 0 && now - computedAt < DAY) return;
        Map<Long, Traffic> out = new HashMap<>();
        db.read(h -> h.createQuery("""
                SELECT r.channel_id, MAX(m.date_sent), SUM(CASE WHEN m.date_sent > ? THEN 1 ELSE 0 END)
                FROM messages m JOIN recipients r ON r.id = m.recipient_id
                WHERE r.channel_id IS NOT NULL AND m.date_sent > ? GROUP BY r.channel_id""")
                .bind(0, now - 28 * DAY).bind(1, now - 180 * DAY)
                .map((rs, c) -> out.put(rs.getLong(1), new Traffic(rs.getLong(2), rs.getLong(3)))).list());
        traffic = Map.copyOf(out);
        computedAt = now;
    }
}
