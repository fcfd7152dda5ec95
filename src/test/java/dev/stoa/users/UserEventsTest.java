package dev.stoa.users;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import org.junit.jupiter.api.Test;

/** Verify-action tests for the user actions: their events reproduce the new register state. */
class UserEventsTest extends StoaTestBase {
    @Test
    void createUser() {
        // the person, then their place in the role groups (members, full members)
        VerifyAction.as(member).events("realm_user/add", "user_group/add_members", "user_group/add_members")
                .run(() -> admin.post("/users", "email", "new1@example.com", "password", "pw123456", "full_name", "New One").success());
    }

    @Test
    void changeFullName() {
        VerifyAction.as(member).events("realm_user/update").run(() -> admin.patch("/users/" + guest.userId, "full_name", "Guest Renamed").success());
    }

    @Test
    void changeRoleSeenByTheUserThemself() {
        ApiClient u = server.createUser("roles@example.com", "Role Changer", 400);
        // member -> moderator: out of full members, into moderators, out of members (as Zulip's test_change_is_moderator)
        VerifyAction.as(u).events("realm_user/update", "user_group/remove_members", "user_group/add_members", "user_group/remove_members")
                .run(() -> owner.patch("/users/" + u.userId, "role", "300").success());
    }

    @Test
    void deactivateAndReactivate() {
        ApiClient u = server.createUser("leaving@example.com", "Leaving User", 400);
        // member can access u: no user_group events, the client drops u from groups itself (zulip.yaml, feature level 303)
        VerifyAction.as(member).events("realm_user/update").run(() -> admin.delete("/users/" + u.userId).success());
        VerifyAction.as(member).events("user_group/add_members", "user_group/add_members", "realm_user/update")
                .run(() -> admin.post("/users/" + u.userId + "/reactivate").success());
    }

    @Test
    void createBotSeenByOwnerAndAdmins() {
        VerifyAction.as(admin).events("realm_user/add", "user_group/add_members", "user_group/add_members", "realm_bot/add")
                .run(() -> member.post("/bots", "full_name", "Another Bot", "short_name", "another").success());
    }
}
