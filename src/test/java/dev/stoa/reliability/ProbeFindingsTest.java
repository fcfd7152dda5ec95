package dev.stoa.reliability;

import dev.stoa.cli.Cli;
import dev.stoa.db.Db;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.Await;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.WebClient;
import dev.stoa.users.Passwords;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What issue 30's outside probe found, one test each (each failed before its fix): the probe's
 * requests, made against a real server on a fresh database.
 */
class ProbeFindingsTest extends StoaTestBase {

    /** An upload whose multipart part declares the given content type. */
    static String upload(ApiClient c, String name, String declaredType, String body) {
        String boundary = "pr0beboundary";
        String payload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name + "\"\r\n"
                + "Content-Type: " + declaredType + "\r\n\r\n" + body + "\r\n--" + boundary + "--\r\n";
        HttpRequest req = c.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(payload)).build();
        return c.raw(req).success().get("url").asText();
    }

    /** The headers every upload answer carries, whatever its type. */
    static void assertGuarded(ApiResponse r, String what) {
        assertThat(r.status()).as(what).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Content-Type-Options")).as(what).hasValue("nosniff");
        assertThat(r.headers().firstValue("Content-Security-Policy").orElse("")).as(what).contains("sandbox").contains("default-src 'none'");
    }

    /** Finding 1: a declared type never reaches the browser unless it is on the allow-list; the temporary URL the same. */
    @Test
    void uploadsAreServedAsTheServerDecides() {
        String page = "<html><form action=https://evil.example/steal><input name=password></form><meta http-equiv=refresh content='0;url=https://evil.example'></html>";
        for (String declared : List.of("image/png,text/html", "image/SVG+XML", "image/svg+xml", "text/html", "text/html; charset=utf-8",
                "application/xhtml+xml", "text/xml", "", "IMAGE/PNG , text/html")) {
            String url = upload(member, "probe.html", declared, page);
            ApiResponse direct = member.raw(member.request(url).GET().build());
            String temporary = member.get(url).success().get("url").asText();
            ApiResponse anonymousFetch = anonymous.raw(anonymous.request(temporary).GET().build());
            for (ApiResponse r : List.of(direct, anonymousFetch)) {
                assertGuarded(r, declared);
                assertThat(r.headers().firstValue("Content-Type")).as(declared).hasValue("application/octet-stream");
                assertThat(r.headers().firstValue("Content-Disposition").orElse("")).as(declared).startsWith("attachment;");
                assertThat(r.body()).isEqualTo(page);
            }
        }
        for (String declared : List.of("image/png", "IMAGE/PNG; name=x", "application/pdf", "video/mp4", "audio/mpeg")) {
            String url = upload(member, "fine.bin", declared, "bytes");
            String bare = declared.toLowerCase().split(";")[0];
            for (String path : List.of(url, member.get(url).success().get("url").asText())) {
                ApiResponse r = (path.contains("/temporary/") ? anonymous : member).raw(member.request(path).GET().build());
                assertGuarded(r, declared);
                assertThat(r.headers().firstValue("Content-Type")).as(declared).hasValue(bare);
                assertThat(r.headers().firstValue("Content-Disposition").orElse("")).as(declared).startsWith("inline;");
            }
        }
    }

    /** A GET whose parameters travel in a form body (Zulip reads both; a long narrow does not fit in a URL). */
    static ApiResponse getWithBody(ApiClient c, String path, Object... kv) {
        StringBuilder form = new StringBuilder();
        ApiClient.params(kv).forEach((k, v) -> form.append(form.isEmpty() ? "" : "&").append(k).append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return c.raw(c.request("/api/v1" + path).header("Content-Type", "application/x-www-form-urlencoded")
                .method("GET", HttpRequest.BodyPublishers.ofString(form.toString())).build());
    }

    static List<Map<String, Object>> negatedTopics(int n) {
        List<Map<String, Object>> terms = new ArrayList<>();
        for (int i = 0; i < n; i++) terms.add(Map.of("operator", "topic", "operand", "t" + i, "negated", true));
        return terms;
    }

    /** Finding 3: a narrow past the documented limit is refused with Zulip's BAD_NARROW error on every route that takes one, never a 500. */
    @Test
    void narrowsPastTheLimitAreRefusedNotFailed() {
        String refusal = "Invalid narrow operator: a narrow has at most 100 terms";
        for (int n : List.of(101, 1_000, 20_000)) {
            List<Map<String, Object>> terms = negatedTopics(n);
            // Long narrows do not fit in a URL (414 from Jetty): sent in the body, as the probe did.
            getWithBody(member, "/messages", "narrow", terms, "anchor", "newest", "num_before", 10).error(400, "BAD_NARROW", refusal);
            getWithBody(member, "/messages/matches_narrow", "narrow", terms, "msg_ids", List.of(1)).error(400, "BAD_NARROW", refusal);
            member.post("/messages/flags/narrow", "narrow", terms, "anchor", "newest", "num_before", 10, "num_after", 0,
                    "op", "add", "flag", "read").error(400, "BAD_NARROW", refusal);
            // register reads its narrow as a list parameter first, refused past Request.MAX_LIST in the same shape
            if (n <= 10_000) member.post("/register", "narrow", terms).error(400, "BAD_NARROW", refusal);
            else member.post("/register", "narrow", terms).badRequest("narrow is too long (at most 10000 items)");
        }
        long id = member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "hello").success().get("id").asLong();
        var found = member.get("/messages", "narrow", negatedTopics(100), "anchor", "newest", "num_before", 10).success().get("messages");
        assertThat(found.toString()).contains("\"id\":" + id);
    }

    /** Finding 2: a search's work is bounded by its distinct words: one word repeated is one term; past 25 distinct words, refused. */
    @Test
    void searchWorkIsBoundedByDistinctWords() {
        long id = member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "common word here").success().get("id").asLong();
        String repeated = String.join(" ", Collections.nCopies(2_000, "common"));
        var found = member.get("/messages", "narrow", List.of(Map.of("operator", "search", "operand", repeated)), "anchor", "newest", "num_before", 10)
                .success().get("messages");
        assertThat(found.toString()).contains("\"id\":" + id);
        StringBuilder words = new StringBuilder();
        for (int i = 0; i < 26; i++) words.append("w").append(i).append(' ');
        member.get("/messages", "narrow", List.of(Map.of("operator", "search", "operand", words.toString())), "anchor", "newest", "num_before", 10)
                .error(400, "BAD_NARROW", "Invalid narrow operator: a search has at most 25 distinct words");
        member.get("/messages", "narrow", List.of(Map.of("operator", "search", "operand", words.toString().replace("w25 ", ""))),
                "anchor", "newest", "num_before", 10).success();
    }

    /** Finding 2: a search spends 5 of the caller's rate-limit budget, a plain fetch 1 (X-RateLimit-Remaining of the next request). */
    @Test
    void searchesWeighMoreAgainstTheRateLimit() {
        ApiClient c = server.createUser("weighed@example.com", "Weighed", 400);
        int start = remaining(c.get("/users/me"));
        c.get("/messages", "anchor", "newest", "num_before", 5).success();
        int afterPlain = remaining(c.get("/users/me"));
        assertThat(start - afterPlain).as("a plain fetch and the probe itself").isEqualTo(2);
        c.get("/messages", "narrow", List.of(Map.of("operator", "search", "operand", "anything")), "anchor", "newest", "num_before", 5).success();
        int afterSearch = remaining(c.get("/users/me"));
        assertThat(afterPlain - afterSearch).as("a search (5) and the probe itself").isEqualTo(6);
    }

    static int remaining(ApiResponse r) {
        return Integer.parseInt(r.headers().firstValue("X-RateLimit-Remaining").orElseThrow());
    }

    /** Finding 2: a narrow's statements are bounded in time on both databases (a statement that would run for hours is cut). */
    @Test
    void boundedReadsAreCutAtTheirLimit() {
        String endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000000) SELECT count(*) FROM c";
        var db = server.stoa.db();
        Assertions.assertThatThrownBy(() -> db.readBounded(Duration.ofMillis(300), h -> h.createQuery(endless).mapTo(Long.class).one()))
                .isInstanceOf(Db.TooSlow.class);
        // the connection the read used is not left bounded
        long count = db.read(h -> h.createQuery("SELECT count(*) FROM messages").mapTo(Long.class).one());
        assertThat(count).isNotNegative();
        long one = db.readBounded(Duration.ofSeconds(30), h -> h.createQuery("SELECT 1").mapTo(Long.class).one());
        assertThat(one).isEqualTo(1L);
    }

    /** Finding 6: deactivation ends the user's web sessions, so a browser signed in before is not let in again after reactivation. */
    @Test
    void deactivationEndsWebSessions() {
        ApiClient c = server.createUser("session-end@example.com", "Session End", 400);
        WebClient browser = WebClient.signedIn(server.baseUrl, c.email, "secret-" + c.email);
        browser.get("/users/me").success();
        admin.delete("/users/" + c.userId).success();
        admin.post("/users/" + c.userId + "/reactivate").success();
        browser.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        WebClient.signedIn(server.baseUrl, c.email, "secret-" + c.email).get("/users/me").success();
    }

    /**
     * Finding 4: a sign-in spends the same work (one Argon2 derivation, counted rather than timed) for
     * an unknown address, a bot and a wrong password, through both the API and the web sign-in.
     */
    @Test
    void signInSpendsEqualWorkForUnknownUsers() {
        ApiClient nobody = member.anonymous();
        long before = Passwords.derivations();
        nobody.post("/fetch_api_key", "username", member.email, "password", "wrong-password").error(401, "AUTHENTICATION_FAILED",
                "Your username or password is incorrect");
        long wrongPassword = Passwords.derivations() - before;
        assertThat(wrongPassword).isEqualTo(1);
        for (String who : List.of("nobody-here@example.com", bot.email)) {
            long start = Passwords.derivations();
            nobody.post("/fetch_api_key", "username", who, "password", "wrong-password").error(401, "AUTHENTICATION_FAILED",
                    "Your username or password is incorrect");
            assertThat(Passwords.derivations() - start).as(who).isEqualTo(wrongPassword);
        }
        WebClient web = new WebClient(server.baseUrl);
        web.page("/");
        long start = Passwords.derivations();
        web.login("nobody-else@example.com", "wrong-password").error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        assertThat(Passwords.derivations() - start).as("web sign-in").isEqualTo(wrongPassword);
    }

    /** An upload of n bytes of one letter, as the probe's were. */
    static ApiResponse uploadBytes(ApiClient c, int n) {
        String boundary = "qu0taboundary";
        String payload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n" + "q".repeat(n) + "\r\n--" + boundary + "--\r\n";
        return c.raw(c.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(payload)).build());
    }

    /** Finding 7: the organization's upload quota (Zulip's upload_quota_mib, set by ./stoa set-upload-quota) refuses what would pass it. */
    @Test
    void theOrganizationsUploadQuotaIsEnforced() {
        assertThat(Cli.run(server, "set-upload-quota", "--mib", "1").exit()).isZero();
        Await.until("the server sees the quota", 20, () ->
                member.post("/register", "fetch_event_types", List.of("realm")).success().path("realm_upload_quota_mib").asLong(0) == 1);
        long used = member.get("/attachments").success().get("upload_space_used").asLong();
        int room = (int) (1024 * 1024 - used);
        uploadBytes(member, room / 2).status();
        uploadBytes(member, room).error(400, "REALM_UPLOAD_QUOTA", "Upload would exceed your organization's upload quota.");
        assertThat(member.get("/attachments").success().get("upload_space_used").asLong()).isLessThanOrEqualTo(1024 * 1024);
        assertThat(Cli.run(server, "set-upload-quota", "--mib", "none").exit()).isZero();
        Await.until("the server sees no quota", 20, () ->
                member.post("/register", "fetch_event_types", List.of("realm")).success().path("realm_upload_quota_mib").isNull());
        assertThat(uploadBytes(member, room).status()).isEqualTo(200);
    }

    /** Finding 7: one person uploads at most 20 files of the largest size an hour; past it 429 with retry-after, and the hour frees it. */
    @Test
    void onePersonsUploadsAreRateLimited() {
        MutableClock clock = new MutableClock();
        try (TestServer small = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withMaxUploadMib(1), clock)) {
            int mib = 1024 * 1024;
            for (int i = 0; i < 20; i++) assertThat(uploadBytes(small.member, mib - 1000).status()).as("upload " + i).isEqualTo(200);
            ApiResponse refused = uploadBytes(small.member, mib - 1000);
            refused.error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
            assertThat(refused.json().get("retry-after").asLong()).isBetween(1L, 3600L);
            assertThat(uploadBytes(small.admin, mib - 1000).status()).as("another person").isEqualTo(200);
            clock.advance(Duration.ofMinutes(61));
            assertThat(uploadBytes(small.member, mib - 1000).status()).as("an hour later").isEqualTo(200);
        }
    }

    /**
     * Finding 8: a busy client's event-queue turnovers spend a budget of their own (as Zulip's Tornado
     * does), so polling its queue as fast as a busy organization makes it does not refuse its other
     * requests, nor those the other way round. Zulip's default limit (200 a minute), a frozen clock.
     */
    @Test
    void eventPollsHaveTheirOwnRateLimitBudget() {
        MutableClock clock = new MutableClock();
        try (TestServer limited = new TestServer(c -> c.withLimits(200, 1_000_000, 1_000_000), clock)) {
            ApiClient busy = limited.member;
            var queue = busy.post("/register", "event_types", List.of("message")).success();
            String id = queue.get("queue_id").asText();
            long last = queue.get("last_event_id").asLong();
            for (int i = 0; i < 150; i++) {
                limited.admin.post("/messages", "type", "direct", "to", List.of(busy.userId), "content", "busy " + i).success();
                var polled = busy.get("/events", "queue_id", id, "last_event_id", last, "dont_block", true).success();
                for (var e : polled.get("events")) last = Math.max(last, e.get("id").asLong());
                busy.get("/users/me").success();
            }
            assertThat(last).isPositive();
        }
    }
}
