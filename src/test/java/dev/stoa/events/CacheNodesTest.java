package dev.stoa.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.app.Stoa;
import dev.stoa.emoji.RealmEmojiTest;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.net.ServerSocket;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two nodes on one database: a change answered by node A is what node B serves on the very next
 * request, with no wait — its caches (realm settings, render data, users) follow the committed log,
 * and every request first catches up with what any node committed before it.
 */
class CacheNodesTest extends StoaTestBase {
    private Stoa nodeB;

    @BeforeAll
    void startSecondNode() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        nodeB = Stoa.start(server.stoa.config().withPort(port), Clock.systemUTC());
    }

    @AfterAll
    void stopSecondNode() {
        if (nodeB != null) nodeB.close();
    }

    private ApiClient onB(ApiClient c) {
        return new ApiClient("http://127.0.0.1:" + nodeB.port(), c.email, c.apiKey, c.userId);
    }

    @Test
    void aRealmSettingChangedOnAIsServedByB() {
        for (int i = 0; i < 5; i++) {
            owner.patch("/realm", "name", "Renamed " + i, "waiting_period_threshold", i + 1).success();
            assertThat(onB(owner).anonymous().get("/server_settings").success().get("realm_name").asText()).isEqualTo("Renamed " + i);
            JsonNode state = onB(member).post("/register", "fetch_event_types", List.of("realm")).success();
            assertThat(state.get("realm_waiting_period_threshold").asInt()).isEqualTo(i + 1);
        }
    }

    /** B authenticates from its key cache: a key regenerated, a role changed or a user deactivated on A counts on B's next request. */
    @Test
    void aKeyRegeneratedOnAIsRefusedByB() {
        ApiClient u = server.createUser("cache-key-loop@example.com", "Cache Key Loop", 400);
        for (int i = 0; i < 3; i++) {
            onB(u).get("/users/me").success();
            String key = u.post("/users/me/api_key/regenerate").success().get("api_key").asText();
            onB(u).get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
            u = u.withCredentials(u.email, key);
            onB(u).get("/users/me").success();
        }
        owner.patch("/users/" + u.userId, "role", 200).success();
        assertThat(onB(u).get("/users/me").success().get("role").asInt()).isEqualTo(200);
        admin.delete("/users/" + u.userId).success();
        onB(u).get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
    }

    @Test
    void aUsersNameAndRoleChangedOnAAreServedByB() {
        ApiClient u = server.createUser("cache-user@example.com", "Before", 400);
        for (int i = 0; i < 5; i++) {
            admin.patch("/users/" + u.userId, "full_name", "Name " + i).success();
            owner.patch("/users/" + u.userId, "role", i % 2 == 0 ? 300 : 400).success();
            JsonNode user = onB(member).get("/users/" + u.userId).success().get("user");
            assertThat(user.get("full_name").asText()).isEqualTo("Name " + i);
            assertThat(user.get("role").asInt()).isEqualTo(i % 2 == 0 ? 300 : 400);
            // The mention renders with the new name on B (render data is a cache fed by the log).
            String html = onB(member).post("/messages/render", "content", "@**Name " + i + "**").success().get("rendered").asText();
            assertThat(html).contains("user-mention").contains("data-user-id=\"" + u.userId + "\"");
        }
    }

    @Test
    void aLinkifierAndACustomEmojiAddedOnARenderOnB() throws Exception {
        for (int i = 0; i < 3; i++) {
            admin.post("/realm/filters", "pattern", "CN" + i + "-(?P<id>[0-9]+)", "url_template", "https://tracker.example.com/" + i + "/{id}").success();
            String html = onB(member).post("/messages/render", "content", "see CN" + i + "-42").success().get("rendered").asText();
            assertThat(html).contains("https://tracker.example.com/" + i + "/42");
        }
        RealmEmojiTest.upload(admin, "cache_parrot", Map.of("file", RealmEmojiTest.png(0x112233))).success();
        String html = onB(member).post("/messages/render", "content", "hi :cache_parrot:").success().get("rendered").asText();
        assertThat(html).contains("emoji").contains("cache_parrot");
    }

    @Test
    void aRegeneratedApiKeyAndADeactivationTakeEffectOnBAtOnce() {
        ApiClient u = server.createUser("cache-key@example.com", "Key Holder", 400);
        onB(u).get("/users/me").success();
        String key = u.post("/users/me/api_key/regenerate").success().get("api_key").asText();
        onB(u).get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
        ApiClient renewed = onB(u.withCredentials(u.email, key));
        renewed.get("/users/me").success();
        admin.delete("/users/" + u.userId).success();
        renewed.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
    }

    /** register's realm_users come from a log-fed cache of serialized dicts: B's follows what A commits at once. */
    @Test
    void aUsersChangesOnAShowInTheNextRegisterOnB() {
        ApiClient u = server.createUser("cache-register@example.com", "Register Person", 400);
        long desk = admin.post("/realm/profile_fields", "name", "Desk", "field_type", 1).success().get("id").asLong();
        assertThat(userOnB("realm_users", u.userId).get("full_name").asText()).isEqualTo("Register Person");
        for (int i = 0; i < 3; i++) {
            admin.patch("/users/" + u.userId, "full_name", "Registered " + i).success();
            assertThat(userOnB("realm_users", u.userId).get("full_name").asText()).isEqualTo("Registered " + i);
        }
        u.patch("/users/me/profile_data", "data", List.of(Map.of("id", desk, "value", "B-12"))).success();
        assertThat(userOnB("realm_users", u.userId).get("profile_data").get(String.valueOf(desk)).get("value").asText()).isEqualTo("B-12");
        u.patch("/settings", "email_address_visibility", 4).success();
        assertThat(userOnB("realm_users", u.userId).get("delivery_email").isNull()).isTrue();
        u.patch("/settings", "email_address_visibility", 1).success();
        assertThat(userOnB("realm_users", u.userId).get("delivery_email").asText()).isEqualTo("cache-register@example.com");
        admin.delete("/users/" + u.userId).success();
        assertThat(userOnB("realm_non_active_users", u.userId).get("is_active").asBoolean()).isFalse();
        admin.post("/users/" + u.userId + "/reactivate").success();
        assertThat(userOnB("realm_users", u.userId).get("is_active").asBoolean()).isTrue();
        long bot = u.post("/bots", "full_name", "Register Bot", "short_name", "registerbot").success().get("user_id").asLong();
        assertThat(userOnB("realm_users", bot).get("bot_owner_id").asLong()).isEqualTo(u.userId);
    }

    private JsonNode userOnB(String list, long userId) {
        JsonNode state = onB(member).post("/register", "fetch_event_types", List.of("realm_user"), "event_types", List.of("realm_user")).success();
        for (JsonNode x : state.get(list)) if (x.get("user_id").asLong() == userId) return x;
        throw new AssertionError("no user " + userId + " in " + list);
    }
}
