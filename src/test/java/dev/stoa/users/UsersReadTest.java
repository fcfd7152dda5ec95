package dev.stoa.users;

import com.fasterxml.jackson.databind.node.BooleanNode;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GET /users, /users/{id}, /users/{email}, /users/me: every field of the seed's User, per viewer. */
class UsersReadTest extends StoaTestBase {
    private JsonNode member(JsonNode members, long id) {
        for (JsonNode m : members) if (m.get("user_id").asLong() == id) return m;
        return null;
    }

    private void setUserSetting(long userId, String key, int value) {
        UserStore users = server.stoa.core().users();
        server.stoa.db().write(tx -> {
            ObjectNode s = users.byId(tx.h(), userId).orElseThrow().settings().deepCopy();
            s.put(key, value);
            users.saveSettings(tx, userId, s);
            return null;
        });
    }

    private void setRealmSetting(String key, boolean value) {
        // through the store, as an action writes: its RowsChanged entry reaches the realm holder
        var realm = server.stoa.core().realmStore();
        server.stoa.db().write(tx -> {
            realm.updateSettings(tx, Map.of(key, BooleanNode.valueOf(value)));
            return null;
        });
    }

    @Test
    void everyFieldOfAHumanAndABot() {
        JsonNode members = member.get("/users").success().get("members");
        JsonNode h = member(members, admin.userId);
        assertThat(h.get("email").asText()).isEqualTo(admin.email);
        assertThat(h.get("delivery_email").asText()).isEqualTo(admin.email);
        assertThat(h.get("full_name").asText()).isEqualTo("Iago Admin");
        assertThat(h.get("is_admin").asBoolean()).isTrue();
        assertThat(h.get("is_owner").asBoolean()).isFalse();
        assertThat(h.get("is_guest").asBoolean()).isFalse();
        assertThat(h.get("is_bot").asBoolean()).isFalse();
        assertThat(h.get("is_active").asBoolean()).isTrue();
        assertThat(h.get("role").asInt()).isEqualTo(200);
        assertThat(h.get("bot_type").isNull()).isTrue();
        assertThat(h.has("bot_owner_id")).isFalse();
        assertThat(h.has("is_deleted")).isFalse();
        assertThat(h.has("profile_data")).isFalse();
        assertThat(h.get("date_joined").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*");
        assertThat(h.get("avatar_version").asInt()).isEqualTo(1);
        assertThat(h.has("timezone")).isTrue();
        // client_gravatar defaults to true: the client computes Gravatar URLs of users whose email it may see.
        assertThat(h.get("avatar_url").isNull()).isTrue();
        JsonNode b = member(members, bot.userId);
        assertThat(b.get("is_bot").asBoolean()).isTrue();
        assertThat(b.get("bot_type").asInt()).isEqualTo(1);
        assertThat(b.get("bot_owner_id").asLong()).isEqualTo(member.userId);
        assertThat(b.get("delivery_email").asText()).isEqualTo(bot.email);
        // The notification bot is a cross-realm bot: never in /users.
        for (JsonNode m : members) assertThat(m.get("email").asText()).doesNotStartWith("notification-bot@");
        assertThat(member(members, owner.userId).get("is_owner").asBoolean()).isTrue();
        assertThat(member(members, guest.userId).get("is_guest").asBoolean()).isTrue();
        assertThat(member(members, moderator.userId).get("role").asInt()).isEqualTo(300);
    }

    @Test
    void avatarUrls() {
        JsonNode withUrls = member.get("/users", "client_gravatar", false).success().get("members");
        assertThat(member(withUrls, admin.userId).get("avatar_url").asText()).startsWith("https://secure.gravatar.com/avatar/");
        JsonNode seed = member.get("/users", "client_public_avatar", false).success().get("members");
        assertThat(member(seed, admin.userId).get("avatar_url").asText()).contains("version=1");
        JsonNode one = member.get("/users/" + admin.userId, "client_gravatar", false).success().get("user");
        assertThat(one.get("avatar_url").asText()).startsWith("https://");
    }

    @Test
    void userIdsFilter() {
        JsonNode two = member.get("/users", "user_ids", List.of(admin.userId, guest.userId)).success().get("members");
        assertThat(two).hasSize(2);
        member.get("/users", "user_ids", List.of(admin.userId, 999999)).badRequest("Invalid user ID: 999999");
        member.get("/users", "user_ids", "[1,").badRequest("user_ids is not valid JSON");
        member.get("/users", "user_ids", List.of()).success();
    }

    @Test
    void profileDataOnlyWhenAskedAndOnlyForHumans() {
        long f = admin.post("/realm/profile_fields", "name", "Color", "field_type", 1).success().get("id").asLong();
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", f, "value", "blue"))).success();
        JsonNode members = guest.get("/users", "include_custom_profile_fields", true).success().get("members");
        assertThat(member(members, member.userId).get("profile_data").get(String.valueOf(f)).get("value").asText()).isEqualTo("blue");
        assertThat(member(members, admin.userId).get("profile_data").isEmpty()).isTrue();
        assertThat(member(members, bot.userId).has("profile_data")).isFalse();
        guest.get("/users", "include_custom_profile_fields", "yes").badRequest("include_custom_profile_fields is not valid JSON");
        admin.delete("/realm/profile_fields/" + f).success();
    }

    @Test
    void singleUserByIdAndEmail() {
        JsonNode u = guest.get("/users/" + member.userId).success().get("user");
        assertThat(u.get("full_name").asText()).isNotEmpty();
        assertThat(guest.get("/users/" + member.email).success().get("user").get("user_id").asLong()).isEqualTo(member.userId);
        assertThat(guest.get("/users/" + member.email.toUpperCase()).success().get("user").get("user_id").asLong()).isEqualTo(member.userId);
        guest.get("/users/999999").badRequest("No such user");
        guest.get("/users/nobody@example.com").badRequest("No such user");
        guest.get("/users/-5").badRequest("No such user");
        guest.get("/users/" + "9".repeat(30)).badRequest("No such user");
        long notificationBot = owner.post("/register").success().get("cross_realm_bots").get(0).get("user_id").asLong();
        guest.get("/users/" + notificationBot).badRequest("No such user");
        anonymous.get("/users/" + member.userId).error(401, "UNAUTHORIZED", null);
    }

    @Test
    void me() {
        JsonNode me = member.get("/users/me").success();
        assertThat(me.get("user_id").asLong()).isEqualTo(member.userId);
        assertThat(me.get("email").asText()).isEqualTo(member.email);
        assertThat(me.get("delivery_email").asText()).isEqualTo(member.email);
        assertThat(me.get("role").asInt()).isEqualTo(400);
        assertThat(me.has("profile_data")).isTrue();
        assertThat(me.has("max_message_id")).isTrue();
        JsonNode b = bot.get("/users/me").success();
        assertThat(b.get("is_bot").asBoolean()).isTrue();
        assertThat(b.has("profile_data")).isFalse();
        anonymous.get("/users/me").error(401, "UNAUTHORIZED", null);
    }

    @Test
    void deliveryEmailFollowsEmailAddressVisibility() {
        ApiClient shy = server.createUser("shy@example.com", "Shy Person", 400);
        setUserSetting(shy.userId, "email_address_visibility", UserJson.EMAIL_ADMINS);
        String dummy = "user" + shy.userId + "@127.0.0.1";
        JsonNode seenByMember = member(member.get("/users").success().get("members"), shy.userId);
        assertThat(seenByMember.get("delivery_email").isNull()).isTrue();
        assertThat(seenByMember.get("email").asText()).isEqualTo(dummy);
        // A client may not compute the avatar of a user whose email it cannot see.
        assertThat(seenByMember.get("avatar_url").asText()).startsWith("https://");
        JsonNode seenByAdmin = member(admin.get("/users").success().get("members"), shy.userId);
        assertThat(seenByAdmin.get("delivery_email").asText()).isEqualTo("shy@example.com");
        assertThat(seenByAdmin.get("email").asText()).isEqualTo(dummy);
        assertThat(shy.get("/users/me").success().get("delivery_email").asText()).isEqualTo("shy@example.com");
        // Lookup by the API email works; by the hidden real address it does not for those who cannot see it.
        assertThat(member.get("/users/" + dummy).success().get("user").get("user_id").asLong()).isEqualTo(shy.userId);
        // The dummy API email authenticates too.
        shy.withCredentials(dummy, shy.apiKey).get("/users/me").success();

        setUserSetting(shy.userId, "email_address_visibility", UserJson.EMAIL_MODERATORS);
        assertThat(member(moderator.get("/users").success().get("members"), shy.userId).get("delivery_email").asText()).isEqualTo("shy@example.com");
        assertThat(member(member.get("/users").success().get("members"), shy.userId).get("delivery_email").isNull()).isTrue();
        setUserSetting(shy.userId, "email_address_visibility", UserJson.EMAIL_MEMBERS);
        assertThat(member(member.get("/users").success().get("members"), shy.userId).get("delivery_email").asText()).isEqualTo("shy@example.com");
        assertThat(member(guest.get("/users").success().get("members"), shy.userId).get("delivery_email").isNull()).isTrue();
        setUserSetting(shy.userId, "email_address_visibility", UserJson.EMAIL_NOBODY);
        assertThat(member(admin.get("/users").success().get("members"), shy.userId).get("delivery_email").isNull()).isTrue();
    }

    @Test
    void deactivatedUsersAreListedInactive() {
        ApiClient gone = server.createUser("gone@example.com", "Gone Person", 400);
        admin.delete("/users/" + gone.userId).success();
        JsonNode g = member(member.get("/users").success().get("members"), gone.userId);
        assertThat(g.get("is_active").asBoolean()).isFalse();
        assertThat(g.has("is_deleted")).isFalse();
        assertThat(member.get("/users/" + gone.userId).success().get("user").get("is_active").asBoolean()).isFalse();
    }

    @Test
    void spectatorsOnlyWhenTheRealmAllowsThem() {
        anonymous.get("/users").error(401, "UNAUTHORIZED", null);
        setRealmSetting("enable_spectator_access", true);
        try {
            JsonNode members = anonymous.get("/users").success().get("members");
            JsonNode a = member(members, admin.userId);
            assertThat(a.get("delivery_email").isNull()).isTrue();
            assertThat(a.get("avatar_url").asText()).startsWith("https://");
            anonymous.get("/users", "client_gravatar", true).success();
            anonymous.get("/users/me").error(401, "UNAUTHORIZED", null);
        } finally {
            setRealmSetting("enable_spectator_access", false);
        }
        anonymous.get("/users").error(401, "UNAUTHORIZED", null);
    }
}
