package dev.stoa.ratelimits;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;

/** The three limiters in Redis (--redis-url); loaded only then, with Jedis. */
final class RedisLimits {
    private RedisLimits() {}

    static RateLimits create(int user, int ip, int login, URI redisUrl, String keyPrefix, Clock clock) {
        RedisClient redis = client(redisUrl);
        return new RateLimits(new RedisRateLimiter(redis, keyPrefix + "rl:user:", user, 60, clock),
                new RedisRateLimiter(redis, keyPrefix + "rl:ip:", ip, 60, clock),
                new RedisRateLimiter(redis, keyPrefix + "rl:login:", login, RateLimits.LOGIN_WINDOW_SECONDS, clock), redis);
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
        pool.setMaxWait(Duration.ofMillis(500));
        return RedisClient.builder().hostAndPort(url.getHost(), url.getPort() > 0 ? url.getPort() : 6379)
                .clientConfig(DefaultJedisClientConfig.builder(url).connectionTimeoutMillis(500).socketTimeoutMillis(500)
                        .clientName("stoa").build())
                .poolConfig(pool).build();
    }
}
