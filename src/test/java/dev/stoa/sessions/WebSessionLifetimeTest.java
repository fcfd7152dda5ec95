package dev.stoa.sessions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.config.Config;
import dev.stoa.app.Stoa;
import dev.stoa.app.TestAccess;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.TestDatabase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.WebClient;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sessions over time: the sign-in throttle, expiry, a server restart, and secure cookies behind https. */
class WebSessionLifetimeTest {
    private static final String UNAUTHORIZED = "Not logged in: API authentication or user session required";

    @Test
    void theSixthFailureIn30MinutesIsRefusedAndCountsWithFetchApiKey() {
        MutableClock clock = new MutableClock();
        // Zulip's default: 5 failed password logins per username in 30 minutes.
        try (TestServer s = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 5), clock)) {
            ApiClient carol = s.createUser("carol@example.com", "Carol", 400);
            String password = "secret-" + carol.email;
            WebClient web = new WebClient(s.baseUrl);
            web.page("/");
            for (int i = 0; i < 3; i++) web.login(carol.email, "wrong-" + i).error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
            // One throttle for both ways in.
            for (int i = 0; i < 2; i++) {
                carol.anonymous().post("/fetch_api_key", "username", carol.email, "password", "wrong").error(401, "AUTHENTICATION_FAILED", null);
            }
            ApiResponse refused = web.login(carol.email, password).error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
            assertThat(refused.json().get("retry-after").asInt()).isBetween(1, 1800);
            assertThat(web.cookie("sessionid")).isNull();
            web.login(carol.email.toUpperCase(), password).error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
            carol.anonymous().post("/fetch_api_key", "username", carol.email, "password", password).error(429, "RATE_LIMIT_HIT", null);
            // Another person is not affected, and the throttled one's API key keeps working.
            web.login(s.member.email, "secret-" + s.member.email).success();
            carol.get("/users/me").success();
            clock.advance(Duration.ofMinutes(31));
            new WebClient(s.baseUrl).page("/");
            WebClient.signedIn(s.baseUrl, carol.email, password).get("/users/me").success();
        }
    }

    @Test
    void sessionsLastTwoWeeksAndThenLeaveTheTable() {
        MutableClock clock = new MutableClock();
        try (TestServer s = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock)) {
            WebClient web = WebClient.signedIn(s.baseUrl, s.member.email, "secret-" + s.member.email);
            clock.advance(Duration.ofDays(13));
            web.get("/users/me").success();
            clock.advance(Duration.ofDays(1).plusSeconds(1));
            web.get("/users/me").error(401, "UNAUTHORIZED", UNAUTHORIZED);
            assertThat(count(s.stoa)).isEqualTo(1);
            s.stoa.collector().runOnce();
            assertThat(count(s.stoa)).isZero();
        }
    }

    private static long count(Stoa stoa) {
        return stoa.db().read(h -> h.createQuery("SELECT COUNT(*) FROM web_sessions").mapTo(Long.class).one());
    }

    @Test
    void aSessionOutlivesARestart() throws Exception {
        Path data = Files.createTempDirectory("stoa-session-restart");
        String pg = TestDatabase.freshPostgresUrl();
        Map<String, String> env = pg == null ? Map.of() : Map.of("STOA_DATABASE_URL", pg);
        int port;
        try (ServerSocket sock = new ServerSocket(0)) {
            port = sock.getLocalPort();
        }
        Config config = Config.parse(new String[] {"--port", String.valueOf(port), "--data-dir", data.toString()}, env);
        String base = "http://127.0.0.1:" + port;
        try {
            WebClient web;
            long ownerId;
            try (Stoa first = Stoa.start(config, Clock.systemUTC())) {
                TestAccess.Owner o = TestAccess.createdOwner(first);
                ownerId = o.userId();
                web = WebClient.signedIn(base, o.email(), o.password());
                web.get("/users/me").success();
            }
            try (Stoa second = Stoa.start(config, Clock.systemUTC())) {
                assertThat(web.get("/users/me").success().get("user_id").asLong()).isEqualTo(ownerId);
                web.post("/users/me/presence", "status", "active").success();
                web.csrf(null).post("/users/me/presence", "status", "active").error(403, "CSRF_FAILED", "CSRF error: CSRF token missing.");
            }
        } finally {
            TestDatabase.dropPostgres(pg);
            try (var files = Files.walk(data)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void behindHttpsTheCookiesAreSecureAndHostBound() {
        try (TestServer s = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withExternalUrl("https://chat.example.org"))) {
            WebClient web = new WebClient(s.baseUrl);
            List<String> page = web.page("/").headers().allValues("Set-Cookie");
            assertThat(page).singleElement().asString().startsWith("__Host-csrftoken=").contains("; Path=/", "; SameSite=Lax", "; Secure");
            ApiResponse r = web.login(s.member.email, "secret-" + s.member.email);
            r.success();
            List<String> set = r.headers().allValues("Set-Cookie");
            assertThat(set.get(0)).startsWith("__Host-sessionid=").contains("; HttpOnly", "; SameSite=Lax", "; Secure");
            assertThat(set.get(1)).startsWith("__Host-csrftoken=").contains("; Secure").doesNotContain("HttpOnly");
            web.get("/users/me").success();
            // The plain names mean nothing here.
            WebClient plain = new WebClient(s.baseUrl);
            plain.cookies.put("sessionid", web.cookie("__Host-sessionid"));
            plain.get("/users/me").error(401, "UNAUTHORIZED", UNAUTHORIZED);
        }
    }
}
