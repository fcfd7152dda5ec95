package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.db.Db;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.Await;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 15: bounded admission in front of the write path. With --max-waiting-writes 1, a write
 * arriving while one write runs and one waits is refused at once (503 SERVICE_UNAVAILABLE,
 * Retry-After) and writes nothing; once the path frees, the same request is accepted.
 */
class WriteAdmissionTest extends StoaTestBase {
    long channel;

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withOps(c.ops().withMaxWaitingWrites(1)));
    }

    @BeforeAll
    void channel() {
        channel = owner.post("/channels/create", "name", "busy", "subscribers", List.of(owner.userId, member.userId))
                .success().get("id").asLong();
    }

    @Test
    void sendsBeyondTheWaitingLimitAreRefusedAtOnceAndWriteNothing() throws Exception {
        Db db = server.stoa.db();
        CountDownLatch release = new CountDownLatch(1);
        // Two writes occupy the path: on SQLite one holds the writer and one waits for it; on
        // PostgreSQL both hold a connection. Either way two are in flight, the limit's worth.
        List<Thread> holders = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            holders.add(Thread.ofVirtual().start(() -> db.write(tx -> {
                release.await();
                return null;
            })));
        }
        List<ApiResponse> refused = new ArrayList<>();
        try {
            Await.until("two writes in flight", 30, () -> db.writesInFlight() == 2);
            // A burst of sends, all beyond the limit: each is answered (none queues behind the holders).
            try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<CompletableFuture<ApiResponse>> burst = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    String content = "refused " + i;
                    burst.add(CompletableFuture.supplyAsync(() -> member.post("/messages", "type", "stream", "to", channel,
                            "topic", "load", "content", content), pool));
                }
                for (var f : burst) refused.add(f.join());
            }
        } finally {
            release.countDown();
            for (Thread t : holders) t.join();
        }
        for (ApiResponse r : refused) {
            r.error(503, "SERVICE_UNAVAILABLE", "The server is busy; try again shortly.");
            assertThat(r.headers().firstValue("Retry-After")).contains("1");
        }
        assertThat(db.writesInFlight()).isZero();
        // The path is free: the client's retry is accepted, and only it was written.
        long id = member.post("/messages", "type", "stream", "to", channel, "topic", "load", "content", "accepted")
                .success().get("id").asLong();
        JsonNode history = member.get("/messages", "anchor", "newest", "num_before", "20", "num_after", "0",
                "narrow", "[{\"operator\":\"channel\",\"operand\":" + channel + "},{\"operator\":\"topic\",\"operand\":\"load\"}]").success();
        List<String> contents = new ArrayList<>();
        for (JsonNode m : history.get("messages")) contents.add(m.get("content").asText());
        assertThat(contents).containsExactly("<p>accepted</p>");
        assertThat(history.get("messages").get(0).get("id").asLong()).isEqualTo(id);
    }
}
