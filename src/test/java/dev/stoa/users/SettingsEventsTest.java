package dev.stoa.users;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Verify-action tests for PATCH /settings (name, time zone), bots and self-deactivation. */
class SettingsEventsTest extends StoaTestBase {
    @Test
    void ownFullNameSeenByEveryone() {
        VerifyAction.as(guest).events("realm_user/update").run(() -> member.patch("/settings", "full_name", "Hamlet Prince").success());
        VerifyAction.verify(member, () -> member.patch("/settings", "full_name", "Hamlet Again").success());
    }

    @Test
    void timezoneUpdatesUserAndSettings() {
        // every client that asks for it gets the legacy update_display_settings (Zulip sends it for timezone); user_settings_object has no effect now
        var legacy = VerifyAction.as(moderator).events(3).run(() -> moderator.patch("/settings", "timezone", "Asia/Kolkata").success());
        assertThat(VerifyAction.types(legacy)).contains("realm_user/update", "user_settings/update", "update_display_settings");
        legacy = VerifyAction.as(moderator).register("client_capabilities", Map.of("user_settings_object", false)).events(3)
                .run(() -> moderator.patch("/settings", "timezone", "America/New_York").success());
        assertThat(VerifyAction.types(legacy)).contains("update_display_settings");
        VerifyAction.as(moderator).register("client_capabilities", Map.of("user_settings_object", true)).events(3)
                .run(() -> moderator.patch("/settings", "timezone", "Asia/Tokyo").success());
        VerifyAction.as(moderator).register("event_types", List.of("realm_user", "user_settings")).events("realm_user/update", "user_settings/update")
                .run(() -> moderator.patch("/settings", "timezone", "Asia/Seoul").success());
        VerifyAction.as(member).events("realm_user/update").run(() -> moderator.patch("/settings", "timezone", "Europe/Berlin").success());
    }

    @Test
    void botRenameAndDeactivationSeenByOwner() {
        long id = member.post("/bots", "full_name", "Helper Bot", "short_name", "helper").success().get("user_id").asLong();
        VerifyAction.as(member).events("realm_user/update", "realm_bot/update").run(() -> member.patch("/users/" + id, "full_name", "Helpful Bot").success());
        // no user_group events: admin can access the bot (zulip.yaml, feature level 303)
        VerifyAction.as(admin).events("realm_user/update", "realm_bot/update").run(() -> member.delete("/users/" + id).success());
        VerifyAction.as(member).events("user_group/add_members", "user_group/add_members", "realm_user/update", "realm_bot/update")
                .run(() -> admin.post("/users/" + id + "/reactivate").success());
    }

    @Test
    void deactivateSelf() {
        ApiClient u = server.createUser("quitter@example.com", "Quitter", 400);
        u.post("/bots", "full_name", "Quitter Bot", "short_name", "quitbot").success();
        // the user and the bot they own are deactivated together; no user_group events, admin can access both
        VerifyAction.as(admin).events("realm_user/update", "realm_user/update", "realm_bot/update").run(() -> u.delete("/users/me").success());
        u.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
    }
}
