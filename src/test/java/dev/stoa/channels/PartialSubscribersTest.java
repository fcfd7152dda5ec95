package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14: include_subscribers=partial trims a channel of 250 or more subscribers to its bots and
 * the users active (presence) in the last 14 days; smaller channels keep their full list.
 */
class PartialSubscribersTest extends StoaTestBase {

    /** n idle members subscribed to the channel, written straight to the tables (a few hundred sign-ups would take minutes). */
    private List<Long> seedIdleSubscribers(long channelId, int n) {
        return server.stoa.db().write(tx -> {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long id = tx.h().createUpdate("INSERT INTO users (delivery_email, full_name, role, api_key, date_joined) VALUES (?, ?, 400, ?, 0)")
                        .bind(0, "idle" + i + "@example.com").bind(1, "Idle " + i).bind(2, "idle-key-" + i)
                        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
                tx.h().execute("INSERT INTO subscriptions (user_id, channel_id, active, color) VALUES (?, ?, TRUE, '#c2c2c2')", id, channelId);
                ids.add(id);
            }
            return ids;
        });
    }

    private static JsonNode channel(JsonNode list, long id) {
        for (JsonNode c : list) if (c.get("stream_id").asLong() == id) return c;
        throw new AssertionError("no channel " + id + " in " + list);
    }

    @Test
    void largeChannelsGetBotsAndRecentlyActiveUsers() {
        long crowd = owner.post("/channels/create", "name", "crowd", "subscribers", List.of(owner.userId, member.userId, bot.userId))
                .success().get("id").asLong();
        long small = owner.post("/channels/create", "name", "small", "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
        List<Long> idle = seedIdleSubscribers(crowd, PartialSubscribers.MIN_CHANNEL_SIZE);
        member.post("/users/me/presence", "status", "active").success();
        long now = Instant.now().getEpochSecond();
        long recent = idle.get(0), old = idle.get(1);
        server.stoa.db().write(tx -> {
            tx.h().execute("INSERT INTO presence (user_id, last_connected_time, last_active_time, last_update_id) VALUES (?, ?, ?, 0)", recent, now - 86_400, now - 86_400);
            tx.h().execute("INSERT INTO presence (user_id, last_connected_time, last_active_time, last_update_id) VALUES (?, ?, ?, 0)", old, now - 15 * 86_400, now - 15 * 86_400);
            return null;
        });

        JsonNode reg = member.post("/register", "include_subscribers", "partial", "event_types", List.of("subscription")).success();
        JsonNode big = channel(reg.get("subscriptions"), crowd);
        assertThat(big.has("subscribers")).isFalse();
        List<Long> kept = new ArrayList<>();
        big.get("partial_subscribers").forEach(x -> kept.add(x.asLong()));
        assertThat(kept).containsExactlyInAnyOrder(member.userId, bot.userId, recent);
        assertThat(channel(reg.get("subscriptions"), small).get("subscribers")).hasSize(2);

        JsonNode listed = member.get("/users/me/subscriptions", "include_subscribers", "partial").success().get("subscriptions");
        assertThat(channel(listed, crowd).get("partial_subscribers")).hasSize(3);
        assertThat(channel(listed, crowd).has("subscribers")).isFalse();
        assertThat(channel(listed, small).get("subscribers")).hasSize(2);

        // a bot joining is a peer_add that the partial list takes, as a fresh register shows it
        long newBot = member.post("/bots", "full_name", "Crowd Bot", "short_name", "crowdbot").success().get("user_id").asLong();
        VerifyAction.as(member).register("include_subscribers", "partial").events("subscription/peer_add")
                .run(() -> owner.post("/users/me/subscriptions", "subscriptions", "[{\"name\":\"crowd\"}]", "principals", List.of(newBot)).success());

        JsonNode full = member.post("/register", "include_subscribers", "true", "event_types", List.of("subscription")).success();
        assertThat(channel(full.get("subscriptions"), crowd).get("subscribers")).hasSize(PartialSubscribers.MIN_CHANNEL_SIZE + 4);
    }
}
