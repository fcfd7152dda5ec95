package dev.stoa.http;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Zulip's fixed-window-log rate limiting: at most {@code limit} hits per {@code windowSeconds}
 * for one key. State is per process, in memory, as in Zulip's in-memory backend (one node).
 */
public final class MemoryRateLimiter implements RateLimiter {
    private final int limit;
    private final long windowMillis;
    private final Clock clock;
    private final ConcurrentHashMap<String, ArrayDeque<Long>> hits = new ConcurrentHashMap<>();

    public MemoryRateLimiter(int limit, int windowSeconds, Clock clock) {
        this.limit = limit;
        this.windowMillis = windowSeconds * 1000L;
        this.clock = clock;
    }

    @Override
    public Decision hit(String key) {
        return check(key, true);
    }

    @Override
    public Decision peek(String key) {
        return check(key, false);
    }

    private Decision check(String key, boolean record) {
        long now = clock.millis();
        ArrayDeque<Long> q = hits.computeIfAbsent(key, k -> new ArrayDeque<>());
        synchronized (q) { // short, never waits: plain monitor is fine on virtual threads (JDK 24+)
            while (!q.isEmpty() && q.peekFirst() <= now - windowMillis) q.pollFirst();
            if (q.size() >= limit) {
                long oldest = q.peekFirst();
                double retry = Math.max(0.001, (oldest + windowMillis - now) / 1000.0);
                return new Decision(false, limit, 0, retry, (oldest + windowMillis) / 1000);
            }
            if (record) q.addLast(now);
            long reset = (q.isEmpty() ? now + windowMillis : q.peekFirst() + windowMillis) / 1000;
            return new Decision(true, limit, limit - q.size(), 0, reset);
        }
    }

    @Override
    public void sweep() {
        long cutoff = clock.millis() - windowMillis;
        hits.entrySet().removeIf(e -> {
            synchronized (e.getValue()) {
                Long last = e.getValue().peekLast();
                return last == null || last <= cutoff;
            }
        });
    }

    @Override
    public int limit() { return limit; }
}
