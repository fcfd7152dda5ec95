package dev.stoa.channels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, item 7: Zulip's subscriber_count (level 394) on every channel object, counting active
 * subscribers who are active users, and kept current by the events clients already get (peer_add,
 * peer_remove, their own subscription add and remove), with every include_subscribers mode.
 * ChannelEventsTest's verify-action tests hold the count to the events for every other change.
 */
class SubscriberCountTest extends StoaTestBase {
    long count(JsonNode channels, long id) {
        for (JsonNode c : channels) if (c.get("stream_id").asLong() == id) return c.get("subscriber_count").asLong();
        throw new AssertionError("no channel " + id + " in " + channels);
    }

    @Test
    void everyChannelObjectCarriesIt() {
        long id = owner.post("/channels/create", "name", "counted", "subscribers", List.of(owner.userId, member.userId, bot.userId))
                .success().get("id").asLong();
        ApiClient gone = server.createUser("count-gone@example.com", "Count Gone", 400);
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "counted")), "principals", List.of(gone.userId)).success();
        owner.delete("/users/" + gone.userId).success(); // a deactivated user is not counted
        assertThat(count(member.get("/streams").success().get("streams"), id)).isEqualTo(3);
        assertThat(member.get("/streams/" + id).success().at("/stream/subscriber_count").asLong()).isEqualTo(3);
        assertThat(count(member.get("/users/me/subscriptions").success().get("subscriptions"), id)).isEqualTo(3);
        for (String mode : List.of("false", "true", "partial")) {
            JsonNode s = moderator.post("/register", "include_subscribers", mode).success();
            assertThat(count(s.get("streams"), id)).as(mode).isEqualTo(3);
            assertThat(count(s.get("never_subscribed"), id)).as(mode).isEqualTo(3);
            assertThat(count(member.post("/register", "include_subscribers", mode).success().get("subscriptions"), id)).as(mode).isEqualTo(3);
        }
    }

    @Test
    void eventsKeepItCurrent() {
        long id = owner.post("/channels/create", "name", "count-live", "subscribers", List.of(owner.userId)).success().get("id").asLong();
        for (Object[] mode : List.<Object[]>of(new Object[] {"include_subscribers", "false"}, new Object[] {"include_subscribers", "partial"})) {
            VerifyAction.as(moderator).register(mode).events("subscription/peer_add").run(() -> owner.post("/users/me/subscriptions",
                    "subscriptions", List.of(Map.of("name", "count-live")), "principals", List.of(member.userId)).success());
            VerifyAction.as(moderator).register(mode).events("subscription/add").run(() -> moderator.post("/users/me/subscriptions",
                    "subscriptions", List.of(Map.of("name", "count-live"))).success());
            VerifyAction.as(moderator).register(mode).events("subscription/remove").run(() -> moderator.delete("/users/me/subscriptions",
                    "subscriptions", List.of("count-live")).success());
            VerifyAction.as(moderator).register(mode).events("subscription/peer_remove").run(() -> member.delete("/users/me/subscriptions",
                    "subscriptions", List.of("count-live")).success());
        }
        assertThat(owner.get("/streams/" + id).success().at("/stream/subscriber_count").asLong()).isEqualTo(1);
    }
}
