package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.TestMethodOrder;

/** Zulip's default limits: 200/min per user, 100/min per IP unauthenticated, 5 failed logins per 30 min per username. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.MethodName.class)
class RateLimitTest {
    private TestServer server;

    @BeforeAll
    void start() {
        server = new TestServer(c -> c); // the defaults
    }

    @AfterAll
    void stop() {
        if (server != null) server.close();
    }

    private static void assertLimited(ApiResponse r, int limit) {
        r.error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
        assertThat(r.json().get("retry-after").asDouble()).isGreaterThan(0).isLessThanOrEqualTo(60 * 30);
        assertThat(Integer.parseInt(r.headers().firstValue("Retry-After").orElseThrow())).isGreaterThan(0);
        assertThat(r.headers().firstValue("X-RateLimit-Limit")).contains(String.valueOf(limit));
        assertThat(r.headers().firstValue("X-RateLimit-Remaining")).contains("0");
        assertThat(r.headers().firstValue("X-RateLimit-Reset")).isPresent();
    }

    @Test
    void a_perUser() {
        ApiClient fresh = server.createUser("busy@example.com", "Busy Bee", 400); // its login is not an authenticated call
        ApiResponse first = fresh.get("/users/me");
        first.success();
        assertThat(first.headers().firstValue("X-RateLimit-Limit")).contains("200");
        assertThat(first.headers().firstValue("X-RateLimit-Remaining")).contains("199");
        int ok = 1;
        ApiResponse r;
        while ((r = fresh.get("/users/me")).ok() && ok < 1000) ok++;
        assertThat(ok).isEqualTo(200);
        assertLimited(r, 200);
        // Another user is not affected.
        server.member.get("/users/me").success();
    }

    @Test
    void b_failedLogins() {
        ApiClient anonymous = server.owner.anonymous();
        String user = server.guest.email, password = "secret-" + user;
        for (int i = 0; i < 5; i++) {
            anonymous.post("/fetch_api_key", "username", user, "password", "wrong" + i)
                    .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        }
        // The sixth attempt is refused even with the right password, and the username's case does not matter.
        ApiResponse r = anonymous.post("/fetch_api_key", "username", user.toUpperCase(), "password", password);
        r.error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
        assertThat(r.json().get("retry-after").asDouble()).isGreaterThan(60).isLessThanOrEqualTo(1800);
        // Another username is not affected; successful logins never count.
        for (int i = 0; i < 7; i++) {
            anonymous.post("/fetch_api_key", "username", server.member.email, "password", "secret-" + server.member.email).success();
        }
        // The locked-out user's API key keeps working.
        server.guest.get("/users/me").success();
    }

    @Test
    void c_perIpForUnauthenticated() {
        ApiClient anon = server.owner.anonymous();
        int ok = 0;
        ApiResponse r;
        while ((r = anon.get("/server_settings")).ok() && ok < 1000) ok++;
        assertThat(ok).isBetween(70, 100); // earlier unauthenticated calls in this minute count too
        assertLimited(r, 100);
        // Authenticated calls are limited per user, not per IP.
        server.member.get("/users/me").success();
    }
}
