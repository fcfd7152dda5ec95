package dev.stoa.ratelimits;

import dev.stoa.http.MemoryRateLimiter;
import dev.stoa.http.RateLimiter;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;

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
        RedisClient redis = client(redisUrl);
        return new RateLimits(new RedisRateLimiter(redis, keyPrefix + "rl:user:", user, 60, clock),
                new RedisRateLimiter(redis, keyPrefix + "rl:ip:", ip, 60, clock),
                new RedisRateLimiter(redis, keyPrefix + "rl:login:", login, LOGIN_WINDOW_SECONDS, clock), redis);
    }

    /**
     * Short timeouts: a limiter check is on every request's path, and a Redis that does not answer
     * within half a second is treated as down (the limiters fall back to memory) rather than
     * holding requests. The pool bounds connections; virtual threads wait for one briefly.
     */
    private static RedisClient client(URI url) {
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(64);
        pool.setMaxIdle(16);
        pool.setMaxWait(java.time.Duration.ofMillis(500));
        return RedisClient.builder().hostAndPort(url.getHost(), url.getPort() > 0 ? url.getPort() : 6379)
                .clientConfig(DefaultJedisClientConfig.builder(url).connectionTimeoutMillis(500).socketTimeoutMillis(500)
                        .clientName("stoa").build())
                .poolConfig(pool).build();
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
