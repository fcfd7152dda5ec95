package dev.stoa.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Verify-action tests for PATCH /settings (name, time zone), bots and self-deactivation. */
class SettingsEventsTest extends StoaTestBase {
    private static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.get("type").asText() + (e.has("op") ? "/" + e.get("op").asText() : "")).toList();
    }

    @Test
    void ownFullNameSeenByEveryone() {
        var events = VerifyAction.verify(guest, () -> member.patch("/settings", "full_name", "Hamlet Prince").success());
        assertThat(types(events)).containsExactly("realm_user/update");
        VerifyAction.verify(member, () -> member.patch("/settings", "full_name", "Hamlet Again").success());
    }

    @Test
    void timezoneUpdatesUserAndSettings() {
        var events = VerifyAction.verify(moderator, () -> moderator.patch("/settings", "timezone", "Asia/Kolkata").success());
        assertThat(types(events)).containsExactly("realm_user/update", "user_settings/update");
        VerifyAction.verify(moderator, new Object[] {"client_capabilities", java.util.Map.of("user_settings_object", false)},
                () -> moderator.patch("/settings", "timezone", "America/New_York").success());
        events = VerifyAction.verify(member, () -> moderator.patch("/settings", "timezone", "Europe/Berlin").success());
        assertThat(types(events)).containsExactly("realm_user/update");
    }

    @Test
    void botRenameAndDeactivationSeenByOwner() {
        long id = member.post("/bots", "full_name", "Helper Bot", "short_name", "helper").success().get("user_id").asLong();
        var events = VerifyAction.verify(member, () -> member.patch("/users/" + id, "full_name", "Helpful Bot").success());
        assertThat(types(events)).containsExactly("realm_user/update", "realm_bot/update");
        VerifyAction.verify(admin, () -> member.delete("/users/" + id).success());
        VerifyAction.verify(member, () -> admin.post("/users/" + id + "/reactivate").success());
    }

    @Test
    void deactivateSelf() {
        ApiClient u = server.createUser("quitter@example.com", "Quitter", 400);
        u.post("/bots", "full_name", "Quitter Bot", "short_name", "quitbot").success();
        VerifyAction.verify(admin, () -> u.delete("/users/me").success());
        u.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
    }
}
