package dev.stoa.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Verify-action tests for the user actions: their events reproduce the new register state. */
class UserEventsTest extends StoaTestBase {
    private static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.get("type").asText() + (e.has("op") ? "/" + e.get("op").asText() : "")).toList();
    }

    @Test
    void createUser() {
        var events = VerifyAction.verify(member, () -> admin.post("/users", "email", "new1@example.com", "password", "pw123456", "full_name", "New One").success());
        assertThat(types(events)).contains("realm_user/add", "user_group/add_members");
    }

    @Test
    void changeFullName() {
        var events = VerifyAction.verify(member, () -> admin.patch("/users/" + guest.userId, "full_name", "Guest Renamed").success());
        assertThat(types(events)).containsExactly("realm_user/update");
    }

    @Test
    void changeRoleSeenByTheUserThemself() {
        ApiClient u = server.createUser("roles@example.com", "Role Changer", 400);
        var events = VerifyAction.verify(u, () -> owner.patch("/users/" + u.userId, "role", "300").success());
        assertThat(types(events)).contains("realm_user/update", "user_group/remove_members", "user_group/add_members");
    }

    @Test
    void deactivateAndReactivate() {
        ApiClient u = server.createUser("leaving@example.com", "Leaving User", 400);
        VerifyAction.verify(member, () -> admin.delete("/users/" + u.userId).success());
        VerifyAction.verify(member, () -> admin.post("/users/" + u.userId + "/reactivate").success());
    }

    @Test
    void createBotSeenByOwnerAndAdmins() {
        var events = VerifyAction.verify(admin, () -> member.post("/bots", "full_name", "Another Bot", "short_name", "another").success());
        assertThat(types(events)).contains("realm_user/add", "realm_bot/add");
    }
}
