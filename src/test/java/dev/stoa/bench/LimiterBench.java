package dev.stoa.bench;

import dev.stoa.http.RateLimiter;
import dev.stoa.ratelimits.RateLimits;
import dev.stoa.testing.TestRedis;
import dev.stoa.testing.TestServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The cost of the shared rate limiter per request: authenticated GET /users/me per second with the
 * in-memory limiter and with the Redis one (same server otherwise), alternated to share the machine's
 * noise; and the per-request catch-up query (the log head). Not in the suite: `mvn test -Dtest=LimiterBench`.
 */
class LimiterBench {
    private static final int CLIENTS = 16, SECONDS = 8, ROUNDS = 3;

    @Test
    @org.junit.jupiter.api.Timeout(value = 20, unit = TimeUnit.MINUTES)
    void limiterCallsPerSecond() throws Exception {
        Clock clock = Clock.systemUTC();
        try (RateLimits mem = RateLimits.create(1_000_000_000, 1, 1, null, "", clock);
             RateLimits red = RateLimits.create(1_000_000_000, 1, 1, TestRedis.url(), TestRedis.freshPrefix(), clock)) {
            for (int round = 0; round < ROUNDS; round++) {
                System.out.printf("BENCH limiter round %d: memory %.0f hits/s, redis %.0f hits/s (%d threads, %d keys)%n", round,
                        hits(mem.perUser()), hits(red.perUser()), CLIENTS, CLIENTS);
            }
        }
    }

    private static double hits(RateLimiter l) throws Exception {
        AtomicLong done = new AtomicLong();
        long end = System.nanoTime() + 3_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            String key = "user:" + c;
            threads.add(Thread.ofVirtual().start(() -> {
                while (System.nanoTime() < end) {
                    l.hit(key);
                    done.incrementAndGet();
                }
            }));
        }
        for (Thread t : threads) t.join();
        return done.get() / 3.0;
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 20, unit = TimeUnit.MINUTES)
    void requestsPerSecond() throws Exception {
        try (TestServer memory = new TestServer(c -> c.withLimits(1_000_000_000, 1_000_000_000, 1_000_000));
             TestServer redis = new TestServer(c -> c.withLimits(1_000_000_000, 1_000_000_000, 1_000_000)
                     .withShared(c.shared().withRedis(TestRedis.url(), TestRedis.freshPrefix())))) {
            for (int round = 0; round < ROUNDS; round++) {
                System.out.printf("BENCH round %d: memory %.0f req/s, redis %.0f req/s%n", round, rate(memory), rate(redis));
            }
            long n = 20_000, t0 = System.nanoTime();
            for (int i = 0; i < n; i++) memory.stoa.db().jdbi().withHandle(h -> h.createQuery("SELECT COALESCE(MAX(id), 0) FROM events").mapTo(Long.class).one());
            System.out.printf("BENCH log-head query (the per-request catch-up, one at a time): %.1f us%n", (System.nanoTime() - t0) / 1000.0 / n);
        }
    }

    private static double rate(TestServer s) throws Exception {
        HttpClient http = HttpClient.newBuilder().executor(Executors.newVirtualThreadPerTaskExecutor()).build();
        String auth = "Basic " + Base64.getEncoder().encodeToString((s.member.email + ":" + s.member.apiKey).getBytes(StandardCharsets.UTF_8));
        HttpRequest req = HttpRequest.newBuilder(URI.create(s.baseUrl + "/api/v1/users/me")).header("Authorization", auth).build();
        for (int i = 0; i < 3000; i++) http.send(req, HttpResponse.BodyHandlers.ofString()); // warm-up (JIT)
        AtomicLong done = new AtomicLong();
        long end = System.nanoTime() + SECONDS * 1_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    while (System.nanoTime() < end) {
                        if (http.send(req, HttpResponse.BodyHandlers.ofString()).statusCode() != 200) throw new IllegalStateException("not 200");
                        done.incrementAndGet();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (Thread t : threads) t.join();
        return done.get() / (double) SECONDS;
    }
}
