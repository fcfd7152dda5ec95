package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /users, PATCH/DELETE /users/{id}, reactivate, DELETE /users/me, bots, PATCH /settings: errors and roles. */
class UsersWriteTest extends StoaTestBase {
    private static final String ADMIN_ONLY = "Must be an organization administrator";
    private static final String OWNER_ONLY = "Must be an organization owner";

    private ApiClient deactivated() {
        ApiClient u = server.createUser("deact" + System.nanoTime() + "@example.com", "Deactivated One", 400);
        admin.delete("/users/" + u.userId).success();
        return u;
    }

    @Test
    void createUser() {
        long id = admin.post("/users", "email", "created@example.com", "password", "pw", "full_name", "  Created  ").success().get("user_id").asLong();
        assertThat(admin.get("/users/" + id).success().get("user").get("full_name").asText()).isEqualTo("Created");
        anonymous.post("/fetch_api_key", "username", "created@example.com", "password", "pw").success();
        admin.post("/users", "email", "CREATED@example.com", "password", "pw", "full_name", "Again").badRequest("Email 'CREATED@example.com' already in use");
        admin.post("/users", "password", "pw", "full_name", "X").missing("email");
        admin.post("/users", "email", "a1@example.com", "full_name", "X").missing("password");
        admin.post("/users", "email", "a1@example.com", "password", "pw").missing("full_name");
        admin.post("/users", "email", "not-an-email", "password", "pw", "full_name", "X").badRequest("Invalid address.");
        admin.post("/users", "email", "a1@example.com", "password", "", "full_name", "X").badRequest("The password is too weak.");
        admin.post("/users", "email", "a1@example.com", "password", "pw", "full_name", " ").badRequest("Name too short!");
        admin.post("/users", "email", "a1@example.com", "password", "pw", "full_name", "x".repeat(101)).badRequest("Name too long!");
        admin.post("/users", "email", "a1@example.com", "password", "pw", "full_name", "Bad *Name*").badRequest("Invalid characters in name!");
        for (ApiClient c : List.of(moderator, member, guest, bot)) {
            c.post("/users", "email", "a2@example.com", "password", "pw", "full_name", "X").error(400, "UNAUTHORIZED_PRINCIPAL", ADMIN_ONLY);
        }
        deactivated().post("/users", "email", "a2@example.com", "password", "pw", "full_name", "X").error(401, "USER_DEACTIVATED", null);
    }

    /** Feature level 475: a user created through the API joins at their first login (date_joined and a realm_user update). */
    @Test
    void apiCreatedUserJoinsAtFirstLogin() {
        long id = admin.post("/users", "email", "firstlogin@example.com", "password", "pw", "full_name", "First Login").success().get("user_id").asLong();
        // created a day ago, as far as the row knows
        server.stoa.db().write(tx -> tx.h().execute("UPDATE users SET date_joined = date_joined - 86400 WHERE id = ?", id));
        String created = admin.get("/users/" + id).success().get("user").get("date_joined").asText();
        List<JsonNode> ev = VerifyAction.as(admin).events("realm_user/update")
                .run(() -> anonymous.post("/fetch_api_key", "username", "firstlogin@example.com", "password", "pw").success());
        String joined = admin.get("/users/" + id).success().get("user").get("date_joined").asText();
        assertThat(joined).isGreaterThan(created).isEqualTo(ev.get(0).get("person").get("date_joined").asText());
        assertThat(ev.get(0).get("person").get("user_id").asLong()).isEqualTo(id);
        // later logins change nothing, nor the login of a user who logged in before (TestServer.createUser logs in once)
        VerifyAction.as(admin).events(0).noStateChange()
                .run(() -> anonymous.post("/fetch_api_key", "username", "firstlogin@example.com", "password", "pw").success());
        ApiClient other = server.createUser("notapi@example.com", "Not Api", 400);
        String before = admin.get("/users/" + other.userId).success().get("user").get("date_joined").asText();
        server.stoa.db().write(tx -> tx.h().execute("UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = ?) WHERE id = ?", id, other.userId));
        VerifyAction.as(admin).events(0).noStateChange()
                .run(() -> anonymous.post("/fetch_api_key", "username", "notapi@example.com", "password", "pw").success());
        assertThat(admin.get("/users/" + other.userId).success().get("user").get("date_joined").asText()).isEqualTo(before);
    }

    @Test
    void updateUser() {
        ApiClient u = server.createUser("upd@example.com", "Up Date", 400);
        admin.patch("/users/" + u.userId, "full_name", "Down Date", "role", 300).success();
        JsonNode got = admin.get("/users/" + u.userId).success().get("user");
        assertThat(got.get("full_name").asText()).isEqualTo("Down Date");
        assertThat(got.get("role").asInt()).isEqualTo(300);
        admin.patch("/users/" + u.userId, "role", 250).badRequest("Invalid role");
        admin.patch("/users/" + u.userId, "role", "admin").badRequest("role is not valid JSON");
        admin.patch("/users/" + u.userId, "full_name", "").badRequest("Name too short!");
        admin.patch("/users/" + u.userId, "profile_data", "{}").badRequest("profile_data is not a list");
        admin.patch("/users/999999", "full_name", "X").badRequest("No such user");
        admin.patch("/users/abc", "full_name", "X").badRequest("Invalid user_id");
        // Owners are made and changed by owners only.
        admin.patch("/users/" + u.userId, "role", 100).error(400, "UNAUTHORIZED_PRINCIPAL", OWNER_ONLY);
        admin.patch("/users/" + owner.userId, "role", 400).error(400, "UNAUTHORIZED_PRINCIPAL", OWNER_ONLY);
        owner.patch("/users/" + owner.userId, "role", 200).badRequest("The owner permission cannot be removed from the only organization owner.");
        for (ApiClient c : List.of(moderator, member, guest, bot)) {
            c.patch("/users/" + u.userId, "full_name", "Nope").error(400, "UNAUTHORIZED_PRINCIPAL", ADMIN_ONLY);
        }
        // A bot's owner may rename it, not change its role.
        long b = member.post("/bots", "full_name", "Owned Bot", "short_name", "owned").success().get("user_id").asLong();
        member.patch("/users/" + b, "full_name", "Renamed Bot").success();
        member.patch("/users/" + b, "role", 200).error(400, "UNAUTHORIZED_PRINCIPAL", ADMIN_ONLY);
        guest.patch("/users/" + b, "full_name", "X").error(400, "UNAUTHORIZED_PRINCIPAL", ADMIN_ONLY);
    }

    @Test
    void deactivateAndReactivate() {
        ApiClient u = server.createUser("cycle@example.com", "Cycle User", 400);
        for (ApiClient c : List.of(moderator, member, guest, bot)) {
            c.delete("/users/" + u.userId).error(400, "UNAUTHORIZED_PRINCIPAL", ADMIN_ONLY);
        }
        admin.delete("/users/" + owner.userId).error(400, "UNAUTHORIZED_PRINCIPAL", OWNER_ONLY);
        owner.delete("/users/" + owner.userId).badRequest("Cannot deactivate the only organization owner");
        admin.delete("/users/999999").badRequest("No such user");
        admin.delete("/users/" + u.userId).success();
        admin.delete("/users/" + u.userId).badRequest("User is deactivated");
        for (ApiClient c : List.of(moderator, member, guest, bot)) {
            c.post("/users/" + u.userId + "/reactivate").error(400, "UNAUTHORIZED_PRINCIPAL", ADMIN_ONLY);
        }
        admin.post("/users/999999/reactivate").badRequest("No such user");
        admin.post("/users/" + u.userId + "/reactivate").success();
        admin.post("/users/" + u.userId + "/reactivate").badRequest("User is already active");
        u.get("/users/me").success();
    }

    @Test
    void deactivatingAUserDeactivatesTheirBots() {
        ApiClient u = server.createUser("botowner@example.com", "Bot Owner", 400);
        long b = u.post("/bots", "full_name", "Owner's Bot", "short_name", "ownersbot").success().get("user_id").asLong();
        admin.delete("/users/" + u.userId).success();
        assertThat(admin.get("/users/" + b).success().get("user").get("is_active").asBoolean()).isFalse();
    }

    @Test
    void deactivateSelf() {
        owner.delete("/users/me").error(400, "CANNOT_DEACTIVATE_LAST_USER", "Cannot deactivate the only organization owner");
        ApiClient u = server.createUser("selfdeact@example.com", "Self Deact", 400);
        u.delete("/users/me").success();
        u.delete("/users/me").error(401, "USER_DEACTIVATED", null);
    }

    @Test
    void bots() {
        JsonNode created = member.post("/bots", "full_name", "Incoming", "short_name", "Incoming", "bot_type", 2).success();
        long id = created.get("user_id").asLong();
        JsonNode u = member.get("/users/" + id).success().get("user");
        assertThat(u.get("bot_type").asInt()).isEqualTo(2);
        assertThat(u.get("email").asText()).isEqualTo("incoming-bot@127.0.0.1");
        assertThat(u.get("bot_owner_id").asLong()).isEqualTo(member.userId);
        member.post("/bots", "full_name", "Other", "short_name", "incoming").badRequest("Username already in use");
        member.post("/bots", "full_name", "Incoming", "short_name", "incoming2").badRequest("Name is already in use!");
        member.post("/bots", "full_name", "X1", "short_name", "x1", "bot_type", 5).badRequest("Invalid bot_type");
        member.post("/bots", "full_name", "X1", "short_name", "x1", "bot_type", "one").badRequest("bot_type is not valid JSON");
        member.post("/bots", "full_name", "X1", "short_name", "bad name!").badRequest("Bad name or username");
        member.post("/bots", "short_name", "x1").missing("full_name");
        member.post("/bots", "full_name", "X1").missing("short_name");
        guest.post("/bots", "full_name", "X1", "short_name", "x1").error(400, "UNAUTHORIZED_PRINCIPAL", "Not allowed for guest users");
        bot.post("/bots", "full_name", "X1", "short_name", "x1").badRequest("This endpoint does not accept bot requests.");
        // GET /bots: one's own bots; administrators see all.
        List<Long> mine = member.get("/bots").success().get("bots").findValues("user_id").stream().map(JsonNode::asLong).toList();
        assertThat(mine).contains(id, bot.userId);
        assertThat(moderator.get("/bots").success().get("bots")).isEmpty();
        assertThat(admin.get("/bots").success().get("bots").findValues("user_id").stream().map(JsonNode::asLong).toList()).contains(id);
        JsonNode listed = member.get("/bots").success().get("bots").get(0);
        assertThat(listed.get("api_key").asText()).hasSize(32);
        assertThat(listed.get("owner_id").asLong()).isEqualTo(member.userId);
        anonymous.get("/bots").error(401, "UNAUTHORIZED", null);
    }

    @Test
    void settingsNameAndTimezone() {
        ApiClient u = server.createUser("settings@example.com", "Setting Person", 400);
        u.patch("/settings", "full_name", "Set Person", "timezone", "Pacific/Auckland").success();
        JsonNode me = u.get("/users/me").success();
        assertThat(me.get("full_name").asText()).isEqualTo("Set Person");
        assertThat(me.get("timezone").asText()).isEqualTo("Pacific/Auckland");
        assertThat(u.post("/register").success().get("user_settings").get("timezone").asText()).isEqualTo("Pacific/Auckland");
        u.patch("/settings", "timezone", "Mars/Olympus").badRequest("timezone is not a recognized time zone");
        u.patch("/settings", "timezone", "europe/paris").badRequest("timezone is not a recognized time zone");
        u.patch("/settings", "full_name", "").badRequest("Name too short!");
        u.patch("/settings", "full_name", "a".repeat(101)).badRequest("Name too long!");
        u.patch("/settings", "full_name", "Back`tick").badRequest("Invalid characters in name!");
        u.patch("/settings", "timezone", "").success(); // clears: the client's local zone applies
        bot.patch("/settings", "full_name", "Bot Name").badRequest("This endpoint does not accept bot requests.");
        anonymous.patch("/settings", "full_name", "X").error(401, "UNAUTHORIZED", null);
        for (ApiClient c : List.of(owner, admin, moderator, member, guest)) c.patch("/settings", "timezone", "UTC").success();
    }
}
