package dev.stoa.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.app.Stoa;
import dev.stoa.app.TestAccess;
import dev.stoa.config.Config;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.Await;
import dev.stoa.testing.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17: Stoa survives a PostgreSQL restart. Two nodes (in this JVM) share a throwaway PostgreSQL;
 * messages are written through node A while it is up; PostgreSQL stops; requests are answered with
 * 503 SERVICE_UNAVAILABLE (within a deadline, not hanging) and /ready says not ready; PostgreSQL
 * starts; both nodes become ready, writes work again, a long-poll parked on node B receives a
 * message sent through node A (B's log tailer listens again), and every acknowledged write is there.
 */
class PostgresRestartTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ExecutorService POLLERS = Executors.newVirtualThreadPerTaskExecutor();

    @Test
    void survivesAPostgresRestart() throws Exception {
        Assumptions.assumeTrue(TestDatabase.postgres(), "PostgreSQL pass only");
        Path dirA = Files.createTempDirectory("stoa-pgr-a"), dirB = Files.createTempDirectory("stoa-pgr-b");
        try (PrivatePostgres pg = PrivatePostgres.start();
             Stoa a = Stoa.start(config(dirA, pg.url()), Clock.systemUTC());
             // B's polls heartbeat after 5 s: those parked when the database goes away must be answered, not queue up.
             Stoa b = Stoa.start(config(dirB, pg.url()).withHeartbeatMillis(5000), Clock.systemUTC())) {
            var o = TestAccess.createdOwner(a);
            ApiClient viaA = new ApiClient("http://127.0.0.1:" + a.port(), o.email(), o.apiKey(), o.userId());
            ApiClient viaB = new ApiClient("http://127.0.0.1:" + b.port(), o.email(), o.apiKey(), o.userId());
            List<Long> acked = new ArrayList<>();
            for (int i = 0; i < 5; i++) acked.add(send(viaA, "before " + i).success().get("id").asLong());
            JsonNode queue = viaB.post("/register", "event_types", List.of("message")).success();
            List<CompletableFuture<Void>> parked = new ArrayList<>();
            for (int i = 0; i < 10; i++) parked.add(pollUntil503(viaB, viaB.post("/register", "event_types", List.of("message")).success()));
            Await.until("ten polls parked on node B", 20, () -> b.queues().parkedPolls() == 10);

            pg.stop();
            // Each parked poll's heartbeat needs the database: all ten are answered 503 (they do not wait out the pool in turn).
            CompletableFuture.allOf(parked.toArray(CompletableFuture[]::new)).get(25, TimeUnit.SECONDS);
            // Deadline, not a timing assertion: a hanging request fails here instead of passing late.
            ApiResponse during = send(viaA, "during the outage");
            during.error(503, "SERVICE_UNAVAILABLE", "The server's database is unavailable; try again shortly.");
            assertThat(during.headers().firstValue("Retry-After")).contains("5");
            viaB.send("GET", "/messages/" + acked.getFirst(), Map.of(), ApiClient.Encoding.QUERY, Duration.ofSeconds(20))
                    .error(503, "SERVICE_UNAVAILABLE", "The server's database is unavailable; try again shortly.");
            assertThat(status(a, "/ready")).isEqualTo(503);
            assertThat(status(a, "/health")).isEqualTo(200);

            pg.startAgain();
            Await.until("both nodes ready after the restart", 60, () -> status(a, "/ready") == 200 && status(b, "/ready") == 200);
            acked.add(sendUntilAcknowledged(viaA, "after the restart"));

            // A poll parked on B, woken by a message committed through A: B's tailer listens again.
            long last = queue.get("last_event_id").asLong();
            JsonNode seen = viaB.get("/events", "queue_id", queue.get("queue_id").asText(), "last_event_id", String.valueOf(last)).success();
            for (JsonNode e : seen.get("events")) last = Math.max(last, e.get("id").asLong());
            long from = last;
            CompletableFuture<JsonNode> poll = CompletableFuture.supplyAsync(() -> viaB.get("/events",
                    "queue_id", queue.get("queue_id").asText(), "last_event_id", String.valueOf(from)).success());
            Await.until("the poll parked on node B", 20, () -> b.queues().parkedPolls() == 1);
            long woke = sendUntilAcknowledged(viaA, "wakes the poll on B");
            acked.add(woke);
            JsonNode got = poll.get(30, TimeUnit.SECONDS);
            long deadline = Await.deadline(30);
            while (got.get("events").findValues("message").stream().noneMatch(m -> m.get("id").asLong() == woke)) { // a heartbeat came first
                Await.before(deadline, "the message sent through A to reach the queue on B");
                long after = 0;
                for (JsonNode e : got.get("events")) after = Math.max(after, e.get("id").asLong());
                got = viaB.get("/events", "queue_id", queue.get("queue_id").asText(), "last_event_id", String.valueOf(after)).success();
            }

            for (long id : acked) viaB.get("/messages/" + id).success(); // every acknowledged write survived
            assertThat(viaB.get("/messages", "anchor", "newest", "num_before", 100, "num_after", 0).success().get("messages").size())
                    .isEqualTo(acked.size());
        } finally {
            for (Path d : List.of(dirA, dirB)) delete(d);
        }
    }

    private static Config config(Path dir, String url) {
        return Config.parse(new String[] {"--port", "0", "--data-dir", dir.toString(), "--database-url", url, "--welcome", "false"}, Map.of())
                .withLimits(1_000_000, 1_000_000, 1_000_000);
    }

    /** Polls the queue (heartbeats answer 200 and it polls again) until it is answered 503. */
    private static CompletableFuture<Void> pollUntil503(ApiClient c, JsonNode queue) {
        return CompletableFuture.runAsync(() -> {
            long last = queue.get("last_event_id").asLong();
            while (true) {
                ApiResponse r = c.send("GET", "/events", ApiClient.params("queue_id", queue.get("queue_id").asText(), "last_event_id", String.valueOf(last)),
                        ApiClient.Encoding.QUERY, Duration.ofSeconds(60));
                if (r.status() == 503) {
                    r.error(503, "SERVICE_UNAVAILABLE", "The server's database is unavailable; try again shortly.");
                    return;
                }
                for (JsonNode e : r.success().get("events")) last = Math.max(last, e.get("id").asLong());
            }
        }, POLLERS);
    }

    private static ApiResponse send(ApiClient c, String content) {
        return c.send("POST", "/messages", ApiClient.params("type", "private", "to", List.of(c.userId), "content", content),
                ApiClient.Encoding.FORM, Duration.ofSeconds(20));
    }

    /** Right after the restart a pooled connection may still turn out dead: a 503 is answered, and the client retries (as Zulip's do). */
    private static long sendUntilAcknowledged(ApiClient c, String content) {
        long deadline = Await.deadline(30);
        while (true) {
            ApiResponse r = send(c, content);
            if (r.status() == 200) return r.success().get("id").asLong();
            r.error(503, "SERVICE_UNAVAILABLE", "The server's database is unavailable; try again shortly.");
            Await.before(deadline, "a write to be acknowledged after the restart");
        }
    }

    private static int status(Stoa s, String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + path)).timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void delete(Path dir) throws Exception {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
