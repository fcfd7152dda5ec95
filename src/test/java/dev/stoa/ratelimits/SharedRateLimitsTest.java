package dev.stoa.ratelimits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.app.Stoa;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.TestRedis;
import dev.stoa.testing.TestServer;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two nodes on one database and one Redis (a key prefix of their own): requests and failed logins
 * through A and through B count against one limit, answered with Zulip's error and headers by
 * whichever node sees the excess. A node whose Redis is unreachable keeps limiting in memory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SharedRateLimitsTest {
    private final MutableClock clock = new MutableClock();
    private TestServer server;
    private Stoa nodeB;

    @BeforeAll
    void start() throws Exception {
        String prefix = TestRedis.freshPrefix();
        server = new TestServer(c -> c.withLimits(30, 20, 5).withShared(c.shared().withRedis(TestRedis.url(), prefix)), clock);
        nodeB = Stoa.start(server.stoa.config().withPort(freePort()), clock);
        clock.advance(Duration.ofSeconds(61)); // the set-up's own requests are behind us
    }

    @AfterAll
    void stop() {
        if (nodeB != null) nodeB.close();
        if (server != null) server.close();
    }

    private ApiClient onB(ApiClient c) {
        return new ApiClient("http://127.0.0.1:" + nodeB.port(), c.email, c.apiKey, c.userId);
    }

    private static void assertLimited(ApiResponse r, int limit) {
        r.error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
        assertThat(r.json().get("retry-after").asInt()).isPositive();
        assertThat(r.headers().firstValue("Retry-After")).isPresent();
        assertThat(r.headers().firstValue("X-RateLimit-Limit")).contains(String.valueOf(limit));
        assertThat(r.headers().firstValue("X-RateLimit-Remaining")).contains("0");
        assertThat(r.headers().firstValue("X-RateLimit-Reset")).isPresent();
    }

    @Test
    void requestsThroughBothNodesHitOneLimit() {
        ApiClient a = server.member, b = onB(server.member);
        for (int i = 0; i < 15; i++) {
            a.get("/users/me").success();
            ApiResponse r = b.get("/users/me");
            r.success();
            assertThat(r.headers().firstValue("X-RateLimit-Remaining")).contains(String.valueOf(30 - 2 * (i + 1)));
        }
        assertLimited(a.get("/users/me"), 30);
        assertLimited(b.get("/users/me"), 30);
        onB(server.admin).get("/users/me").success(); // per user
        clock.advance(Duration.ofSeconds(61));
        b.get("/users/me").success();
    }

    @Test
    void unauthenticatedRequestsThroughBothNodesHitOneIpLimit() {
        ApiClient a = server.owner.anonymous(), b = onB(server.owner).anonymous();
        clock.advance(Duration.ofSeconds(61));
        for (int i = 0; i < 10; i++) {
            a.get("/server_settings").success();
            b.get("/server_settings").success();
        }
        assertLimited(b.get("/server_settings"), 20);
        assertLimited(a.get("/server_settings"), 20);
        clock.advance(Duration.ofSeconds(61));
    }

    @Test
    void failedLoginsThroughBothNodesHitOneThrottle() {
        ApiClient a = server.owner.anonymous(), b = onB(server.owner).anonymous();
        String user = server.guest.email, password = "secret-" + user;
        for (int i = 0; i < 5; i++) {
            clock.advance(Duration.ofSeconds(13)); // the IP window never fills
            (i % 2 == 0 ? a : b).post("/fetch_api_key", "username", user, "password", "wrong" + i)
                    .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        }
        ApiResponse r = a.post("/fetch_api_key", "username", user, "password", password);
        r.error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
        assertThat(r.json().get("retry-after").asInt()).isBetween(1700, 1800);
        b.post("/fetch_api_key", "username", user.toUpperCase(), "password", password).error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
        b.post("/fetch_api_key", "username", server.member.email, "password", "secret-" + server.member.email).success();
        clock.advance(Duration.ofMinutes(31));
        b.post("/fetch_api_key", "username", user, "password", password).success();
    }

    @Test
    void aNodeWhoseRedisIsUnreachableLimitsInMemory() throws Exception {
        URI nowhere;
        try (ServerSocket s = new ServerSocket(0)) {
            nowhere = URI.create("redis://127.0.0.1:" + s.getLocalPort()); // closed once the block ends: connections are refused
        }
        try (Stoa lonely = Stoa.start(server.stoa.config().withPort(freePort())
                .withShared(server.stoa.config().shared().withRedis(nowhere, TestRedis.freshPrefix())), clock)) {
            clock.advance(Duration.ofSeconds(61));
            ApiClient c = new ApiClient("http://127.0.0.1:" + lonely.port(), server.moderator.email, server.moderator.apiKey, server.moderator.userId);
            for (int i = 0; i < 30; i++) c.get("/users/me").success();
            assertLimited(c.get("/users/me"), 30);
            clock.advance(Duration.ofSeconds(61));
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
