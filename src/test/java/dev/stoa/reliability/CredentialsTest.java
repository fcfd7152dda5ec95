package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.ServerProcess;
import dev.stoa.testing.TestDatabase;
import dev.stoa.testing.TestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Suite 6, credentials: rate limits and login throttling over their real windows (an injected
 * clock moves through them), API key regeneration killing the old key at once, and no password,
 * API key or session token in the server's log output.
 */
class CredentialsTest {
    @Test
    void rateLimitsAndLoginThrottlingOverRealWindows() {
        MutableClock clock = new MutableClock();
        try (TestServer server = new TestServer(c -> c.withLimits(30, 20, 5), clock)) {
            clock.advance(Duration.ofSeconds(61)); // the set-up's own requests are behind us
            ApiClient member = server.member, admin = server.admin, anonymous = member.anonymous();
            for (int i = 0; i < 30; i++) member.get("/users/me").success();
            ApiResponse limited = member.get("/users/me").error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
            assertThat(limited.json().get("retry-after").asInt()).isBetween(1, 60);
            assertThat(limited.headers().firstValue("Retry-After")).isPresent();
            admin.get("/users/me").success(); // limits are per user
            clock.advance(Duration.ofSeconds(59));
            member.get("/users/me").error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
            clock.advance(Duration.ofSeconds(2));
            member.get("/users/me").success();

            for (int i = 0; i < 20; i++) anonymous.get("/server_settings").success();
            anonymous.get("/server_settings").error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
            clock.advance(Duration.ofSeconds(61));
            anonymous.get("/server_settings").success();

            String password = "secret-" + member.email;
            for (int i = 0; i < 5; i++) {
                clock.advance(Duration.ofSeconds(13)); // the IP window never fills
                anonymous.post("/fetch_api_key", "username", member.email, "password", "wrong " + i)
                        .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
            }
            anonymous.post("/fetch_api_key", "username", member.email, "password", password).error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
            anonymous.post("/fetch_api_key", "username", admin.email, "password", "secret-" + admin.email).success(); // per username
            member.get("/users/me").success(); // the API key keeps working
            clock.advance(Duration.ofMinutes(29));
            anonymous.post("/fetch_api_key", "username", member.email, "password", password).error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
            clock.advance(Duration.ofMinutes(2));
            anonymous.post("/fetch_api_key", "username", member.email, "password", password).success();
        }
    }

    @Test
    void regeneratingAnApiKeyKillsTheOldOneAtOnce() {
        try (TestServer server = new TestServer()) {
            ApiClient member = server.member;
            member.get("/users/me").success();
            String key = member.post("/users/me/api_key/regenerate").success().get("api_key").asText();
            assertThat(key).isNotEqualTo(member.apiKey).hasSize(32);
            member.get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
            member.withCredentials(member.email, key).get("/users/me").success();
            assertThat(member.anonymous().post("/fetch_api_key", "username", member.email, "password", "secret-" + member.email)
                    .success().get("api_key").asText()).isEqualTo(key);
        }
    }

    /** A separate server process, so that everything it logs (standard output and error) is in its log files. */
    @Test
    void noCredentialInTheServerLog() throws Exception {
        try (ServerProcess p = new ServerProcess(TestDatabase.freshPostgresUrl())) {
            p.start();
            ApiClient rc = p.owner();
            List<String> secrets = new ArrayList<>();
            String password = "pw-" + UUID.randomUUID();
            String wrongPassword = "wrong-" + UUID.randomUUID();
            secrets.add(password);
            secrets.add(wrongPassword);
            long id = rc.post("/users", "email", "logged@example.com", "password", password, "full_name", "Logged").success().get("user_id").asLong();
            ApiClient anonymous = rc.anonymous();
            anonymous.post("/fetch_api_key", "username", "logged@example.com", "password", wrongPassword).status();
            anonymous.get("/fetch_api_key", "username", "logged@example.com", "password", wrongPassword).status();
            String key = anonymous.post("/fetch_api_key", "username", "logged@example.com", "password", password).success().get("api_key").asText();
            secrets.add(key);
            ApiClient user = new ApiClient(p.baseUrl(), "logged@example.com", key, id);
            user.get("/users/me").success();
            String newKey = user.post("/users/me/api_key/regenerate").success().get("api_key").asText();
            secrets.add(newKey);
            String forged = UUID.randomUUID().toString().replace("-", "");
            secrets.add(forged);
            user.withCredentials("logged@example.com", forged).get("/users/me").status();
            user.withCredentials("logged@example.com", key).get("/users/me").status();
            rc.patch("/settings", "old_password", wrongPassword, "new_password", password + "x").status();
            secrets.add(password + "x");
            var bad = Wire.send(p.baseUrl(), new Wire.Req("POST", "/api/v1/messages?password=" + password, "Basic " + newKey + ":" + forged,
                    "application/x-www-form-urlencoded", ("content=" + newKey).getBytes(), "garbled"));
            assertThat(bad.status()).isEqualTo(401);
            assertThat(p.stop()).isIn(0, 143);
            StringBuilder log = new StringBuilder();
            try (var files = Files.list(p.dataDir)) {
                for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".log")).toList()) log.append(Files.readString(f));
            }
            assertThat(log).as("the server logged something").isNotEmpty();
            for (String s : secrets) assertThat(log.toString()).as("log output").doesNotContain(s);
        }
    }
}
