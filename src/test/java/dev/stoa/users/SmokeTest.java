package dev.stoa.users;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.StoaTestBase;
import org.junit.jupiter.api.Test;

class SmokeTest extends StoaTestBase {
    @Test
    void ownerSeesThemself() {
        var me = owner.get("/users/me").success();
        assertThat(me.get("is_owner").asBoolean()).isTrue();
        assertThat(me.get("user_id").asLong()).isEqualTo(owner.userId);
    }

    @Test
    void registerAndPoll() {
        var reg = member.post("/register").success();
        String q = reg.get("queue_id").asText();
        long last = reg.get("last_event_id").asLong();
        admin.patch("/users/" + guest.userId, "full_name", "Polonius Renamed").success();
        var events = member.get("/events", "queue_id", q, "last_event_id", String.valueOf(last), "dont_block", "true").success();
        assertThat(events.get("events").size()).isGreaterThan(0);
    }
}
