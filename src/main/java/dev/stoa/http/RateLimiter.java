package dev.stoa.http;

/**
 * Zulip's fixed-window-log rate limiting: at most {@link #limit} hits per window for one key.
 * {@link MemoryRateLimiter} keeps the log in this process (one node); the server's Redis back end
 * shares it between nodes, so N nodes do not mean N times the limit.
 */
public interface RateLimiter {
    /** allowed: within the limit; the rest fills Zulip's X-RateLimit-* headers and retry-after. */
    record Decision(boolean allowed, int limit, int remaining, double retryAfterSeconds, long resetEpochSeconds) {}

    /** Records one hit for key (when allowed) and answers whether it is within the limit. */
    Decision hit(String key);

    /** Answers whether one more hit would be allowed, recording nothing. */
    Decision peek(String key);

    /** Drops the windows of keys with no recent hits (memory only); called on every node by the collector. */
    void sweep();

    int limit();
}
