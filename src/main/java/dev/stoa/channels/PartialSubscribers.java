package dev.stoa.channels;

import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;

/**
 * include_subscribers=partial (seed, level 412): a channel with fewer than {@link #MIN_CHANNEL_SIZE}
 * subscribers gets its full `subscribers`; a larger one `partial_subscribers`, its bots and the users
 * active in the last {@link #ACTIVE_DAYS} days (a presence report in that time) — the subset the seed
 * guarantees, and what Zulip sends (bots and users not long-term idle).
 */
public final class PartialSubscribers {
    /** The users whose clients connected since a time (epoch seconds; the presence feature's store). */
    @FunctionalInterface
    public interface RecentlyConnected {
        Set<Long> since(Handle h, long epochSecond);
    }

    public static final int MIN_CHANNEL_SIZE = 250;
    static final long ACTIVE_DAYS = 14;

    private final UserStore users;
    /** The users whose presence shows a connection at or after a time (the presence feature's store). */
    private final RecentlyConnected connectedSince;
    private final Clock clock;

    public PartialSubscribers(UserStore users, RecentlyConnected connectedSince, Clock clock) {
        this.users = users;
        this.connectedSince = connectedSince;
        this.clock = clock;
    }

    /** Bots and recently active users: who a large channel's partial list keeps. */
    public Set<Long> kept(Handle h) {
        Set<Long> out = new HashSet<>(connectedSince.since(h, clock.instant().getEpochSecond() - ACTIVE_DAYS * 86_400));
        for (User u : users.all(h)) if (u.isBot()) out.add(u.id());
        return out;
    }

    /** {@link #kept}, read once and only if some channel is trimmed. */
    public Supplier<Set<Long>> lazily(Handle h) {
        Set<Long>[] memo = new Set[1];
        return () -> memo[0] != null ? memo[0] : (memo[0] = kept(h));
    }

    /** Whether a channel this size is trimmed. */
    static boolean trims(String mode, int subscriberCount) {
        return "partial".equals(mode) && subscriberCount >= MIN_CHANNEL_SIZE;
    }
}
