package dev.stoa.channels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Issue 12: two administrators changing different fields of one channel at the same time both
 * keep their change and both events arrive. Before the fix the view built the whole new row from
 * a read snapshot, so the later write put the other field back, with no event saying so.
 */
class ChannelUpdateRaceTest extends StoaTestBase {
    private static final int ROUNDS = 30;

    @Test
    void concurrentPatchesOfDifferentFieldsBothPersist() throws Exception {
        long id = owner.post("/channels/create", "name", "race", "subscribers", List.of(owner.userId, member.userId))
                .success().get("id").asLong();
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            // every round: one stream update for the name and one for the description, none lost
            var events = VerifyAction.as(member).events(2 * ROUNDS).run(() -> {
                for (int i = 0; i < ROUNDS; i++) {
                    String name = "race-" + i, description = "described " + i;
                    both(pool, () -> owner.patch("/streams/" + id, "new_name", name),
                            () -> admin.patch("/streams/" + id, "description", description));
                    JsonNode s = owner.get("/streams/" + id).success().get("stream");
                    assertThat(s.get("name").asText()).as("round %d", i).isEqualTo(name);
                    assertThat(s.get("description").asText()).as("round %d", i).isEqualTo(description);
                }
            });
            assertThat(VerifyAction.types(events)).containsOnly("stream/update");
        }
    }

    /** Runs both requests released together by a barrier; each must succeed within a deadline. */
    private static void both(ExecutorService pool, Supplier<ApiResponse> a, Supplier<ApiResponse> b) {
        CyclicBarrier start = new CyclicBarrier(2);
        List<Future<ApiResponse>> fs = List.of(pool.submit(() -> { start.await(); return a.get(); }),
                pool.submit(() -> { start.await(); return b.get(); }));
        for (Future<ApiResponse> f : fs) {
            try {
                f.get(30, TimeUnit.SECONDS).success();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }
}
