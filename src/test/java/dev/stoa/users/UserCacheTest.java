package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.events.EventLog;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * register's realm_users come from UserCache's serialized dicts: after every kind of change, for
 * every viewer (owner, member, restricted guest) and every combination of client_gravatar,
 * user_avatar_url_field_optional and user_list_incomplete, they are exactly what UserJson builds
 * from the database (the uncached builder), and the change shows in the very next register.
 */
class UserCacheTest extends StoaTestBase {

    @Test
    void registersUsersEqualTheUncachedBuilderAfterEveryChange() {
        owner.patch("/realm", "can_access_all_users_group", Map.of("new", groupId("role:members"))).success();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "cache shared")),
                "principals", List.of(guest.userId, member.userId)).success();
        long phone = admin.post("/realm/profile_fields", "name", "Phone", "field_type", 1).success().get("id").asLong();
        long mentor = admin.post("/realm/profile_fields", "name", "Mentor", "field_type", 6).success().get("id").asLong();
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", phone, "value", "call **me**"),
                Map.of("id", mentor, "value", List.of(admin.userId)))).success();
        ApiClient other = server.createUser("cache-other@example.com", "Other Person", 400);
        check("start");

        admin.patch("/users/" + member.userId, "full_name", "Hamlet Renamed").success();
        check("rename");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", phone, "value", "+1 555"))).success();
        check("profile value");
        member.patch("/settings", "email_address_visibility", 3).success();
        check("email visibility: admins");
        other.patch("/settings", "email_address_visibility", 2).success();
        check("email visibility: members");
        owner.patch("/users/" + member.userId, "role", 300).success();
        check("role");
        admin.delete("/users/" + other.userId).success();
        check("deactivate");
        admin.post("/users/" + other.userId + "/reactivate").success();
        check("reactivate");
        member.post("/bots", "full_name", "Cache Bot", "short_name", "cachebot").success();
        check("bot");
        // Written through the store alone (no event a client hears): its RowsChanged entry is what the cache follows.
        UserStore users = server.stoa.core().users();
        server.stoa.db().write(tx -> {
            users.set(tx, other.userId, "avatar_source", "U");
            users.set(tx, other.userId, "avatar_version", 2);
            return null;
        });
        check("avatar");
        owner.delete("/realm/profile_fields/" + phone).success();
        check("profile field deleted");
    }

    @Test
    void aChangeShowsInTheVeryNextRegister() {
        ApiClient u = server.createUser("cache-next@example.com", "Next Person", 400);
        for (int i = 0; i < 3; i++) {
            admin.patch("/users/" + u.userId, "full_name", "Next " + i).success();
            assertThat(find(realmUsers(member), u.userId).get("full_name").asText()).isEqualTo("Next " + i);
        }
        u.patch("/settings", "email_address_visibility", 4).success();
        assertThat(find(realmUsers(member), u.userId).get("delivery_email").isNull()).isTrue();
        u.patch("/settings", "email_address_visibility", 1).success();
        assertThat(find(realmUsers(member), u.userId).get("delivery_email").asText()).isEqualTo("cache-next@example.com");
    }

    private static JsonNode realmUsers(ApiClient c) {
        return c.post("/register", "fetch_event_types", List.of("realm_user"), "event_types", List.of("realm_user")).success().get("realm_users");
    }

    private static JsonNode find(JsonNode users, long id) {
        for (JsonNode u : users) if (u.get("user_id").asLong() == id) return u;
        throw new AssertionError("no user " + id);
    }

    private void check(String after) {
        for (ApiClient viewer : List.of(owner, member, guest)) {
            for (int combo = 0; combo < 8; combo++) {
                boolean gravatar = (combo & 1) != 0, optional = (combo & 2) != 0, incomplete = (combo & 4) != 0;
                JsonNode state = viewer.post("/register", "fetch_event_types", List.of("realm_user"), "event_types", List.of("realm_user"),
                        "client_gravatar", gravatar, "client_capabilities",
                        Map.of("user_avatar_url_field_optional", optional, "user_list_incomplete", incomplete)).success();
                List<String> expected = uncached(viewer.userId, new UserJson.Options(gravatar, true), incomplete);
                String what = after + ": viewer " + viewer.email + ", combination " + combo;
                assertThat(Json.write(state.get("realm_users"))).as(what).isEqualTo(expected.get(0));
                assertThat(Json.write(state.get("realm_non_active_users"))).as(what).isEqualTo(expected.get(1));
            }
        }
    }

    /** realm_users and realm_non_active_users as UserJson builds them from the database, without the cache. */
    private List<String> uncached(long viewerId, UserJson.Options o, boolean incomplete) {
        UserStore store = new UserStore(new EventLog(server.stoa.db(), Clock.systemUTC()));
        return server.stoa.db().read(h -> {
            UserJson json = server.stoa.userJson();
            User me = store.byId(h, viewerId).orElseThrow();
            Map<Long, ObjectNode> pd = ProfileFieldJson.byUser(new ProfileFieldStore(null).values(h)); // reads only: no log
            Predicate<User> visible = new UserAccess(server.stoa.realm(), store).visibleTo(h, me);
            ArrayNode active = Json.array(), inactive = Json.array();
            for (User u : store.all(h)) {
                if (u.isSystemBot()) continue;
                if (!visible.test(u)) {
                    if (!incomplete) active.add(json.inaccessible(u.id()));
                    continue;
                }
                (u.isActive() ? active : inactive).add(json.user(u, me, o, pd));
            }
            return new ArrayList<>(List.of(Json.write(active), Json.write(inactive)));
        });
    }
}
