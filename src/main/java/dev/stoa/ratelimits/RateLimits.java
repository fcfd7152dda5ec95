package dev.stoa.ratelimits;

import dev.stoa.http.MemoryRateLimiter;
import dev.stoa.http.RateLimiter;
import java.net.URI;
import java.time.Clock;
import java.util.List;

/**
 * The server's three limiters: per user and per IP address (Zulip's per-minute API limits) and the
 * login-failure throttle (per username, 30 minutes). In memory on one node; in Redis, shared by
 * every node, when a Redis URL is configured. Closing closes the Redis client.
 */
public record RateLimits(RateLimiter perUser, RateLimiter perIp, RateLimiter loginFailures, AutoCloseable client) implements AutoCloseable {
    public static final int LOGIN_WINDOW_SECONDS = 1800;

    /** {@code redisUrl} null: in memory. Limits are hits per window: user and IP per minute, login failures per 30 minutes. */
    public static RateLimits create(int user, int ip, int login, URI redisUrl, String keyPrefix, Clock clock) {
        if (redisUrl == null) {
            return new RateLimits(new MemoryRateLimiter(user, 60, clock), new MemoryRateLimiter(ip, 60, clock),
                    new MemoryRateLimiter(login, LOGIN_WINDOW_SECONDS, clock), () -> {});
        }
        // In a class of its own: naming Jedis's types here loaded 47 of its classes on every start, Redis or not.
        return RedisLimits.create(user, ip, login, redisUrl, keyPrefix, clock);
    }

    /** Each node's periodic sweep of in-memory logs (the Redis back end's fallback included). */
    public List<Runnable> sweeps() {
        return List.of(perUser::sweep, perIp::sweep, loginFailures::sweep);
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (Exception e) {
            // closing a Redis client at shutdown is best effort
        }
    }
}
