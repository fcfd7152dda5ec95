package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Await;
import dev.stoa.testing.TestServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** 1,000 concurrent long-polls (each its own queue) parked on the server; one event reaches all of them. */
class QueueFanoutTest {
    static final int POLLS = Integer.getInteger("stoa.fanout.polls", 1000);

    @Test
    void oneEventReachesAThousandParkedPolls() throws Exception {
        try (TestServer server = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withHeartbeatMillis(900_000));
             ExecutorService exec = Executors.newVirtualThreadPerTaskExecutor()) {
            List<ApiClient> users = new ArrayList<>();
            for (int i = 0; i < 10; i++) users.add(server.createUser("fan" + i + "@example.com", "Fan " + i, 400));
            List<JsonNode> regs = new ArrayList<>();
            for (int i = 0; i < POLLS; i++) {
                regs.add(users.get(i % users.size()).post("/register", "event_types", List.of("realm_user"), "fetch_event_types", List.of()).success());
            }
            Runtime rt = Runtime.getRuntime();
            System.gc();
            long heapBefore = rt.totalMemory() - rt.freeMemory();
            List<CompletableFuture<JsonNode>> polls = new ArrayList<>();
            for (int i = 0; i < POLLS; i++) {
                ApiClient u = users.get(i % users.size());
                JsonNode r = regs.get(i);
                polls.add(CompletableFuture.supplyAsync(() -> u.send("GET", "/events", ApiClient.params("queue_id", r.get("queue_id").asText(),
                        "last_event_id", r.get("last_event_id").asText()), ApiClient.Encoding.QUERY, Duration.ofMinutes(15)).success().get("events"), exec));
                if (i % 100 == 99) awaitParked(server, polls, i + 1); // connect in waves of 100
            }
            awaitParked(server, polls, POLLS);
            System.gc();
            long heapParked = rt.totalMemory() - rt.freeMemory();
            System.out.printf("QueueFanoutTest: %d polls parked; test JVM heap (client and server) grew by about %d bytes per parked poll%n",
                    POLLS, (heapParked - heapBefore) / POLLS);
            server.admin.patch("/users/" + server.guest.userId, "full_name", "Fan Out").success();
            for (CompletableFuture<JsonNode> p : polls) {
                JsonNode events = p.get(60, TimeUnit.SECONDS);
                assertThat(events).hasSize(1);
                assertThat(events.get(0).at("/person/full_name").asText()).isEqualTo("Fan Out");
            }
        }
    }

    /** Waits until n polls are parked; a poll that answered early fails the test with its answer. */
    private static void awaitParked(TestServer server, List<CompletableFuture<JsonNode>> polls, int n) throws Exception {
        long lastReport = System.nanoTime();
        long deadline = Await.deadline(60);
        while (parked(server) < n) {
            Await.before(deadline, n + " parked polls (" + parked(server) + " so far)");
            if (System.nanoTime() - lastReport > 10_000_000_000L) {
                System.out.println("QueueFanoutTest: " + parked(server) + " of " + n + " parked");
                lastReport = System.nanoTime();
            }
            for (CompletableFuture<JsonNode> p : polls) {
                if (p.isDone()) throw new AssertionError("a poll answered before any event: " + p.get());
            }
            Thread.sleep(5);
        }
    }

    private static int parked(TestServer server) {
        return server.stoa.queues().parkedPolls();
    }
}
