package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.events.RowsChanged;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Authentication answers from ApiKeyCache: every change of a user's row is seen by the very next
 * request (each test first authenticates once, so the row is cached, then changes it). The
 * internal entry that announces the changes clients hear nothing of reaches no queue.
 */
public class ApiKeyCacheTest extends StoaTestBase {
    private ApiClient person(String name) {
        ApiClient u = server.createUser(name + System.nanoTime() + "@example.com", "Cache " + name, 400);
        u.get("/users/me").success();
        return u;
    }

    @Test
    void aRegeneratedKeyReplacesTheOldOneAtOnce() {
        ApiClient u = person("regen");
        for (int i = 0; i < 3; i++) {
            String key = u.post("/users/me/api_key/regenerate").success().get("api_key").asText();
            u.get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
            u = u.withCredentials(u.email, key);
            assertThat(u.get("/users/me").success().get("user_id").asLong()).isEqualTo(u.userId);
        }
    }

    @Test
    void aBotsRegeneratedKeyAndItsDeactivationTakeEffectAtOnce() {
        JsonNode created = member.post("/bots", "full_name", "Cache Bot " + System.nanoTime(), "short_name", "cache" + System.nanoTime()).success();
        long id = created.get("user_id").asLong();
        String email = member.get("/users/" + id).success().get("user").get("email").asText();
        ApiClient bot = server.client(email, created.get("api_key").asText(), id);
        bot.get("/users/me").success();
        String key = bot.post("/users/me/api_key/regenerate").success().get("api_key").asText();
        bot.get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
        bot = bot.withCredentials(email, key);
        bot.get("/users/me").success();
        member.delete("/users/" + id).success();
        bot.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
    }

    /** A key is 32 ASCII letters and digits: anything else is refused before any lookup. */
    @Test
    void malformedKeys() {
        for (String key : List.of("a".repeat(31), "a".repeat(33), "a".repeat(31) + "-", "a".repeat(31) + "\u00e9", "a".repeat(31) + "\u0663")) {
            member.withCredentials(member.email, key).get("/users/me").error(401, "UNAUTHORIZED", "Malformed API key");
        }
        member.withCredentials(member.email, "a".repeat(32)).get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
    }

    @Test
    void deactivationAndReactivationTakeEffectAtOnce() {
        ApiClient u = person("deact");
        admin.delete("/users/" + u.userId).success();
        u.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
        admin.post("/users/" + u.userId + "/reactivate").success();
        u.get("/users/me").success();
    }

    @Test
    void roleNameAndTimezoneChangesTakeEffectAtOnce() {
        ApiClient u = person("role");
        u.post("/users", "email", "nope" + System.nanoTime() + "@example.com", "password", "pw", "full_name", "X")
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        owner.patch("/users/" + u.userId, "role", 200, "full_name", "Renamed Cache").success();
        JsonNode me = u.get("/users/me").success();
        assertThat(me.get("role").asInt()).isEqualTo(200);
        assertThat(me.get("full_name").asText()).isEqualTo("Renamed Cache");
        u.post("/users", "email", "yes" + System.nanoTime() + "@example.com", "password", "pw", "full_name", "X").success();
        u.patch("/settings", "timezone", "Europe/Paris").success();
        assertThat(u.get("/users/me").success().get("timezone").asText()).isEqualTo("Europe/Paris");
    }

    /** The API email follows email_address_visibility (a setting): authentication takes the new one at once. */
    @Test
    void theApiEmailOfAChangedVisibilityAuthenticatesAtOnce() {
        ApiClient u = person("vis");
        u.patch("/settings", "email_address_visibility", 4).success();
        String apiEmail = u.get("/users/me").success().get("email").asText();
        assertThat(apiEmail).isEqualTo("user" + u.userId + "@" + apiEmail.substring(apiEmail.indexOf('@') + 1)).isNotEqualTo(u.email);
        u.withCredentials(apiEmail, u.apiKey).get("/users/me").success();
        u.patch("/settings", "email_address_visibility", 1).success();
        assertThat(u.get("/users/me").success().get("email").asText()).isEqualTo(u.email);
        u.withCredentials(apiEmail, u.apiKey).get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
    }

    /**
     * A person's key regeneration (as a password set) tells no client anything: the internal entry it
     * appends, naming the user, has no recipients, and neither the user's queue nor one registered
     * for all public channels receives anything.
     */
    @Test
    void theInternalEntryReachesNoQueue() {
        ApiClient u = person("internal");
        long before = rowChangedEntries(server, u.userId);
        JsonNode queue = u.post("/register").success();
        String[] key = new String[1];
        VerifyAction.as(admin).register("all_public_streams", true).events(0).noStateChange()
                .run(() -> key[0] = u.post("/users/me/api_key/regenerate").success().get("api_key").asText());
        assertThat(rowChangedEntries(server, u.userId)).isEqualTo(before + 1);
        // the user's own queue (every event type) holds nothing either, polled with the new key
        JsonNode polled = u.withCredentials(u.email, key[0]).get("/events", "queue_id", queue.get("queue_id").asText(),
                "last_event_id", queue.get("last_event_id").asLong(), "dont_block", true).success();
        assertThat(polled.get("events")).isEmpty();
    }

    /** The internal users-row entries naming a user in the log table, each checked to have no recipients. */
    public static long rowChangedEntries(TestServer server, long userId) {
        List<JsonNode[]> rows = server.stoa.db().read(h -> h.createQuery("SELECT payload, recipients FROM events WHERE type = ?")
                .bind(0, RowsChanged.TYPE).map((rs, ctx) -> new JsonNode[] {Json.parse(rs.getString(1)), Json.parse(rs.getString(2))}).list());
        for (JsonNode[] r : rows) assertThat(r[1].toString()).isEqualTo("{\"users\":[]}");
        return rows.stream().filter(r -> r[0].path("table").asText().equals("users"))
                .filter(r -> r[0].path("ids").toString().matches(".*\\b" + userId + "\\b.*")).count();
    }
}
