package dev.stoa.ratelimits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.http.MemoryRateLimiter;
import dev.stoa.http.RateLimiter;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.TestRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The Redis back end answers exactly as the in-memory one (the same decisions, remaining counts,
 * resets and retry times) over seeded random sequences of hits, peeks and clock moves; and it is
 * atomic: many threads racing for a limit get exactly the limit.
 */
class RedisRateLimiterTest {
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void answersAsTheMemoryLimiterDoes(long seed) {
        MutableClock clock = new MutableClock();
        try (RateLimits redis = RateLimits.create(5, 3, 2, TestRedis.url(), TestRedis.freshPrefix(), clock)) {
            RateLimiter memory = new MemoryRateLimiter(5, 60, clock);
            Random random = new Random(seed);
            for (int i = 0; i < 300; i++) {
                String key = "user:" + random.nextInt(3);
                int what = random.nextInt(10);
                if (what < 2) clock.advance(Duration.ofMillis(random.nextInt(30_000)));
                else if (what < 4) assertThat(redis.perUser().peek(key)).as("peek %d", i).isEqualTo(memory.peek(key));
                else assertThat(redis.perUser().hit(key)).as("hit %d", i).isEqualTo(memory.hit(key));
            }
        }
    }

    @Test
    void racingThreadsGetExactlyTheLimit() throws Exception {
        MutableClock clock = new MutableClock();
        try (RateLimits redis = RateLimits.create(50, 3, 2, TestRedis.url(), TestRedis.freshPrefix(), clock)) {
            AtomicInteger allowed = new AtomicInteger();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 20; t++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    for (int i = 0; i < 10; i++) if (redis.perUser().hit("user:1").allowed()) allowed.incrementAndGet();
                }));
            }
            for (Thread t : threads) t.join();
            assertThat(allowed.get()).isEqualTo(50);
        }
    }
}
