package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.OpsConfig;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.Await;
import dev.stoa.testing.TestServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A poll answers with every event waiting (not one per turnover); on a busy node one that finds events
 * waiting gathers more for a few milliseconds; a parked poll on a quiet node answers its first event at once.
 * {@code busy} counts every node as busy (threshold 0), so gathering happens whenever its other condition holds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueueGatheringTest {
    private TestServer quiet, busy;

    @BeforeAll
    void start() {
        quiet = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withHeartbeatMillis(60_000));
        busy = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withHeartbeatMillis(60_000)
                .withOps(c.ops().withPollGathering(new OpsConfig.PollGathering(50, 0))));
    }

    @AfterAll
    void stop() {
        quiet.close();
        busy.close();
    }

    private static JsonNode register(ApiClient c) {
        return c.post("/register", "event_types", List.of("message"), "fetch_event_types", List.of()).success();
    }

    private static void send(TestServer s, String content) {
        s.admin.post("/messages", "type", "direct", "to", List.of(s.member.userId), "content", content).success();
    }

    private static ApiResponse poll(ApiClient c, JsonNode reg, long last, boolean dontBlock) {
        return c.get("/events", "queue_id", reg.get("queue_id").asText(), "last_event_id", String.valueOf(last),
                "dont_block", String.valueOf(dontBlock));
    }

    private static List<String> contents(JsonNode events) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) out.add(e.at("/message/content").asText());
        return out;
    }

    @Test
    void aPollTakesEveryEventWaiting() {
        JsonNode reg = register(quiet.member);
        for (int i = 0; i < 5; i++) send(quiet, "waiting " + i);
        JsonNode events = poll(quiet.member, reg, reg.get("last_event_id").asLong(), false).success().get("events");
        assertThat(contents(events)).containsExactly("waiting 0", "waiting 1", "waiting 2", "waiting 3", "waiting 4");
    }

    @Test
    void onAQuietNodeAParkedPollAnswersItsFirstEventAtOnce() throws Exception {
        JsonNode reg = register(quiet.member);
        long gathered = quiet.stoa.queues().gatheredPolls();
        try (ExecutorService exec = Executors.newVirtualThreadPerTaskExecutor()) {
            CompletableFuture<JsonNode> parked = CompletableFuture.supplyAsync(
                    () -> poll(quiet.member, reg, reg.get("last_event_id").asLong(), false).success().get("events"), exec);
            Await.until("the poll to park", 30, () -> quiet.stoa.queues().parkedPolls() > 0);
            send(quiet, "alone");
            assertThat(contents(parked.get(30, TimeUnit.SECONDS))).containsExactly("alone");
        }
        assertThat(quiet.stoa.queues().gatheredPolls()).isEqualTo(gathered);
    }

    @Test
    void onABusyNodeAPollFindingEventsWaitingGathersAndLosesNothing() {
        JsonNode reg = register(busy.member);
        long gathered = busy.stoa.queues().gatheredPolls();
        for (int i = 0; i < 3; i++) send(busy, "gathered " + i);
        JsonNode events = poll(busy.member, reg, reg.get("last_event_id").asLong(), false).success().get("events");
        assertThat(contents(events)).containsExactly("gathered 0", "gathered 1", "gathered 2");
        assertThat(busy.stoa.queues().gatheredPolls()).isEqualTo(gathered + 1);
        // dont_block never waits
        send(busy, "at once");
        long last = events.get(2).get("id").asLong();
        assertThat(contents(poll(busy.member, reg, last, true).success().get("events"))).containsExactly("at once");
        assertThat(busy.stoa.queues().gatheredPolls()).isEqualTo(gathered + 1);
    }

    @Test
    void aBurstArrivesCompleteAndInOrderWhileGathering() throws Exception {
        JsonNode reg = register(busy.member);
        int senders = 4, each = 25;
        try (ExecutorService exec = Executors.newVirtualThreadPerTaskExecutor()) {
            List<CompletableFuture<Void>> sent = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                int k = s;
                sent.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < each; i++) send(busy, "burst " + k + " " + i);
                }, exec));
            }
            List<Long> ids = new ArrayList<>();
            List<String> got = new ArrayList<>();
            long last = reg.get("last_event_id").asLong(), deadline = Await.deadline(60);
            while (got.size() < senders * each) {
                Await.before(deadline, "every message of the burst (" + got.size() + " so far)");
                for (JsonNode e : poll(busy.member, reg, last, false).success().get("events")) {
                    last = e.get("id").asLong();
                    ids.add(last);
                    got.add(e.at("/message/content").asText());
                }
            }
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            assertThat(ids).isSorted().doesNotHaveDuplicates();
            assertThat(got).hasSize(senders * each).doesNotHaveDuplicates();
            for (int s = 0; s < senders; s++) {
                String prefix = "burst " + s + " ";
                List<String> mine = got.stream().filter(c -> c.startsWith(prefix)).toList();
                List<String> expected = new ArrayList<>();
                for (int i = 0; i < each; i++) expected.add(prefix + i);
                assertThat(mine).containsExactlyElementsOf(expected);
            }
            assertThat(poll(busy.member, reg, last, true).success().get("events")).isEmpty();
        }
    }
}
