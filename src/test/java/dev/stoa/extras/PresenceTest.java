package dev.stoa.extras;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PresenceTest extends StoaTestBase {
    @Test
    void modernAndLegacyFormatsAndCheapPings() {
        ApiClient u = server.createUser("present@example.com", "Present", 400);
        Queues modern = Queues.register(owner, "presence");
        Queues legacy = Queues.register(owner, List.of("presence"), Map.of());
        JsonNode first = u.post("/users/me/presence", "status", "active", "last_update_id", -1, "new_user_input", true).success();
        long id = first.get("presence_last_update_id").asLong();
        assertThat(id).isPositive();
        JsonNode mine = first.get("presences").get(String.valueOf(u.userId));
        assertThat(mine.get("active_timestamp").asLong()).isPositive();
        assertThat(mine.get("idle_timestamp").asLong()).isEqualTo(mine.get("active_timestamp").asLong());
        assertThat(first.get("server_timestamp").isNumber()).isTrue();

        // A second report within the minute writes nothing: the update id does not move.
        JsonNode again = u.post("/users/me/presence", "status", "active", "last_update_id", id).success();
        assertThat(again.get("presence_last_update_id").asLong()).isEqualTo(id);
        assertThat(again.get("presences").size()).isZero();
        JsonNode ping = u.post("/users/me/presence", "status", "idle", "ping_only", true, "last_update_id", id).success();
        assertThat(ping.has("presences")).isFalse();
        assertThat(ping.get("presence_last_update_id").asLong()).isEqualTo(id);

        JsonNode m = modern.drain().getFirst();
        assertThat(m.get("presences").get(String.valueOf(u.userId)).get("active_timestamp").asLong()).isPositive();
        assertThat(m.has("user_id")).isFalse();
        JsonNode l = legacy.drain().getFirst();
        assertThat(l.get("user_id").asLong()).isEqualTo(u.userId);
        assertThat(l.get("email").asText()).isEqualTo(u.email);
        assertThat(l.get("presence").get("website").get("status").asText()).isEqualTo("active");
        assertThat(modern.drain()).isEmpty();

        JsonNode legacyResp = owner.post("/users/me/presence", "status", "idle").success();
        JsonNode entry = legacyResp.get("presences").get(u.email);
        assertThat(entry.get("aggregated").get("status").asText()).isEqualTo("active");
        assertThat(entry.get("website").get("pushable").asBoolean()).isFalse();
        JsonNode slim = owner.post("/users/me/presence", "status", "idle", "slim_presence", true).success();
        assertThat(slim.get("presences").has(String.valueOf(u.userId))).isTrue();

        JsonNode realm = admin.get("/realm/presence").success();
        assertThat(realm.get("presences").has(u.email)).isTrue();
        assertThat(realm.has("presence_last_update_id")).isFalse();
        JsonNode one = admin.get("/users/" + u.userId + "/presence").success().get("presence");
        assertThat(one.get("aggregated").get("status").asText()).isEqualTo("active");
        assertThat(admin.get("/users/" + u.email + "/presence").success().get("presence").has("website")).isTrue();

        JsonNode reg = admin.post("/register", "fetch_event_types", List.of("presence"), "slim_presence", true).success();
        assertThat(reg.get("presences").has(String.valueOf(u.userId))).isTrue();
        assertThat(reg.get("presence_last_update_id").asLong()).isGreaterThanOrEqualTo(id);
        JsonNode regLegacy = admin.post("/register", "fetch_event_types", List.of("presence")).success();
        assertThat(regLegacy.get("presences").has(u.email)).isTrue();
        JsonNode none = admin.post("/register", "fetch_event_types", List.of("presence"), "presence_history_limit_days", 0, "slim_presence", true).success();
        assertThat(none.get("presences").size()).isLessThanOrEqualTo(reg.get("presences").size());
    }

    @Test
    void verifyAction() {
        ApiClient u = server.createUser("verified@example.com", "Verified", 400);
        VerifyAction.as(owner).register("client_capabilities", Map.of("simplified_presence_events", true), "slim_presence", true)
                .events("presence").run(() -> u.post("/users/me/presence", "status", "active").success());
        ApiClient v = server.createUser("verified2@example.com", "Verified2", 400);
        VerifyAction.as(owner).events("presence").run(() -> v.post("/users/me/presence", "status", "idle").success());
    }

    @Test
    void presenceDisabledUsersAreHidden() {
        ApiClient u = server.createUser("hidden@example.com", "Hidden", 400);
        u.patch("/settings", "presence_enabled", false).success();
        u.post("/users/me/presence", "status", "active").success();
        assertThat(admin.get("/realm/presence").success().get("presences").has(u.email)).isFalse();
        admin.get("/users/" + u.userId + "/presence").badRequest("No presence data for " + u.userId);
    }

    @Test
    void noDataGivesMinusOne() {
        ApiClient u = server.createUser("quiet@example.com", "Quiet", 400);
        JsonNode r = u.post("/users/me/presence", "status", "idle", "ping_only", true).success();
        assertThat(r.get("presence_last_update_id").asLong()).isEqualTo(-1);
    }

    @Test
    void errors() {
        member.post("/users/me/presence").missing("status");
        member.post("/users/me/presence", "status", "away").badRequest("Invalid status: away");
        member.post("/users/me/presence", "status", "active", "ping_only", "yes").badRequest("ping_only is not valid JSON");
        member.post("/users/me/presence", "status", "active", "last_update_id", "x").badRequest("last_update_id is not valid JSON");
        member.post("/users/me/presence", "status", "active", "history_limit_days", 1.5).badRequest("history_limit_days is not an integer");
        bot.post("/users/me/presence", "status", "active").badRequest("This endpoint does not accept bot requests.");
        member.get("/users/999999/presence").badRequest("No such user");
        member.get("/users/nobody@example.com/presence").badRequest("No such user");
        member.get("/users/" + bot.userId + "/presence").badRequest("Presence is not supported for bot users.");
    }
}
