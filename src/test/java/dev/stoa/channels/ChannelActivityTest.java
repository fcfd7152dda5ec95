package dev.stoa.channels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.TestServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** is_recently_active and stream_weekly_traffic follow the messages, recomputed daily as in Zulip. */
class ChannelActivityTest {
    @Test
    void weeklyTrafficAndRecentActivityComeFromMessages() {
        MutableClock clock = new MutableClock();
        try (TestServer server = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock)) {
            long busy = server.admin.post("/channels/create", "name", "busy", "subscribers", List.of(server.admin.userId))
                    .success().get("id").asLong();
            long quiet = server.admin.post("/channels/create", "name", "quiet", "subscribers", List.of(server.admin.userId))
                    .success().get("id").asLong();
            JsonNode young = stream(server, busy);
            assertThat(young.get("stream_weekly_traffic").isNull()).isTrue(); // too new to estimate
            clock.advance(Duration.ofDays(10));
            for (int i = 0; i < 8; i++) {
                server.admin.post("/messages", "type", "stream", "to", String.valueOf(busy), "topic", "t", "content", "m" + i).success();
            }
            clock.advance(Duration.ofDays(1).plusMinutes(1));
            server.stoa.collector().runOnce();
            assertThat(stream(server, busy).get("stream_weekly_traffic").asLong()).isEqualTo(2); // 8 messages / 4 weeks
            assertThat(stream(server, quiet).get("stream_weekly_traffic").asLong()).isZero();
            clock.advance(Duration.ofDays(200));
            server.stoa.collector().runOnce();
            assertThat(stream(server, busy).get("is_recently_active").asBoolean()).isFalse();
        }
    }

    private static JsonNode stream(TestServer server, long id) {
        return server.admin.get("/streams/" + id).success().get("stream");
    }
}
