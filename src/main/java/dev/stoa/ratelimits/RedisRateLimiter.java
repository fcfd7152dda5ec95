package dev.stoa.ratelimits;

import dev.stoa.http.MemoryRateLimiter;
import dev.stoa.http.RateLimiter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * The same fixed-window log as {@link MemoryRateLimiter}, kept in Redis so that every node counts
 * against one limit: one sorted set per key (score = hit time in ms), trimmed, counted and appended
 * by one Lua script, which Redis runs atomically (two nodes racing for the last hit: one gets it).
 * Time is this node's clock, as in memory (nodes' clocks agree to NTP precision, far below a window).
 *
 * <p>Redis unreachable: the limiter falls back to this node's in-memory log and logs one warning
 * per outage, retrying Redis after {@link #RETRY_MILLIS}. Failing closed would turn a Redis outage
 * into refusing every authenticated request and sign-in; failing fully open would drop the login
 * throttle. Per-node limits keep both bounded (at most N times the limit) until Redis is back.
 */
public final class RedisRateLimiter implements RateLimiter {
    private static final Logger LOG = LoggerFactory.getLogger(RedisRateLimiter.class);
    static final long RETRY_MILLIS = 5_000;
    /** KEYS[1] the log; ARGV now, window (ms), limit, record (1/0), a unique member. Returns {allowed, count, oldest or -1}. */
    static final String SCRIPT = """
            local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
            local n = redis.call('ZCARD', KEYS[1])
            local allowed = 0
            if n < limit then
              allowed = 1
              if ARGV[4] == '1' then
                redis.call('ZADD', KEYS[1], now, ARGV[5])
                redis.call('PEXPIRE', KEYS[1], window)
                n = n + 1
              end
            end
            local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
            local oldest = -1
            if first[2] then oldest = tonumber(first[2]) end
            return {allowed, n, oldest}
            """;
    private static final String SHA = sha1(SCRIPT);

    private final UnifiedJedis redis;
    private final String keyPrefix;
    private final int limit;
    private final long windowMillis;
    private final Clock clock;
    private final MemoryRateLimiter fallback;
    private final String node = UUID.randomUUID().toString().substring(0, 8);
    private final AtomicLong seq = new AtomicLong();
    private volatile long downUntil;

    /** {@code keyPrefix} names this limiter's keys (the deployment's prefix and the limiter's name). */
    public RedisRateLimiter(UnifiedJedis redis, String keyPrefix, int limit, int windowSeconds, Clock clock) {
        this.redis = redis;
        this.keyPrefix = keyPrefix;
        this.limit = limit;
        this.windowMillis = windowSeconds * 1000L;
        this.clock = clock;
        this.fallback = new MemoryRateLimiter(limit, windowSeconds, clock);
    }

    @Override
    public Decision hit(String key) { return check(key, true); }

    @Override
    public Decision peek(String key) { return check(key, false); }

    private Decision check(String key, boolean record) {
        long now = clock.millis();
        if (now < downUntil) return record ? fallback.hit(key) : fallback.peek(key);
        List<Long> r;
        try {
            r = run(keyPrefix + key, now, record);
        } catch (JedisException e) {
            if (downUntil == 0) LOG.warn("Redis is unreachable ({}); rate limits are counted per node until it is back", e.getMessage());
            downUntil = now + RETRY_MILLIS;
            return record ? fallback.hit(key) : fallback.peek(key);
        }
        if (downUntil != 0) {
            downUntil = 0;
            LOG.warn("Redis is reachable again; rate limits are shared by every node");
        }
        return decision(r.get(0) == 1, r.get(1).intValue(), r.get(2), now);
    }

    @SuppressWarnings("unchecked")
    private List<Long> run(String key, long now, boolean record) {
        List<String> args = List.of(Long.toString(now), Long.toString(windowMillis), Integer.toString(limit), record ? "1" : "0",
                node + ":" + seq.incrementAndGet());
        try {
            return (List<Long>) redis.evalsha(SHA, List.of(key), args);
        } catch (JedisNoScriptException e) { // a restarted Redis forgot the script: EVAL loads it again
            return (List<Long>) redis.eval(SCRIPT, List.of(key), args);
        }
    }

    /** The answer MemoryRateLimiter gives for the same log (Zulip's headers and retry-after). */
    private Decision decision(boolean allowed, int count, long oldest, long now) {
        if (!allowed) {
            double retry = Math.max(0.001, (oldest + windowMillis - now) / 1000.0);
            return new Decision(false, limit, 0, retry, (oldest + windowMillis) / 1000);
        }
        long reset = (oldest < 0 ? now + windowMillis : oldest + windowMillis) / 1000;
        return new Decision(true, limit, limit - count, 0, reset);
    }

    /** Redis expires idle keys itself; only the fallback's memory needs sweeping. */
    @Override
    public void sweep() { fallback.sweep(); }

    @Override
    public int limit() { return limit; }

    private static String sha1(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
