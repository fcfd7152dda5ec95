package dev.stoa.groups;

import static dev.stoa.groups.GroupCrudTest.create;
import static dev.stoa.groups.GroupCrudTest.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Verify-action tests for every user_group event, with and without include_deactivated_groups. */
class GroupEventsTest extends StoaTestBase {
    private static final Object[] WITH_DEACTIVATED = {"client_capabilities", Map.of("include_deactivated_groups", true)};
    private static final Object[] WITHOUT = {"client_capabilities", Map.of("include_deactivated_groups", false)};

    @Test
    void createGroup() {
        long sub = create(member);
        VerifyAction.as(admin).events("user_group/add").run(() -> member.post("/user_groups/create", "name", uniqueName(), "description", "d",
                "members", List.of(member.userId, guest.userId), "subgroups", List.of(sub)).success());
    }

    @Test
    void updateNameDescriptionAndSetting() {
        long id = create(member);
        // one event per changed field, as Zulip's edit view sends them
        VerifyAction.as(admin).events("user_group/update", "user_group/update", "user_group/update").run(() -> member.patch("/user_groups/" + id,
                "name", uniqueName(), "description", "changed",
                "can_join_group", Map.of("new", Map.of("direct_members", List.of(admin.userId, member.userId), "direct_subgroups", List.of()))).success());
    }

    @Test
    void membersAndSubgroups() {
        long id = create(member), sub = create(member);
        VerifyAction.as(admin).events("user_group/add_members")
                .run(() -> member.post("/user_groups/" + id + "/members", "add", List.of(guest.userId, admin.userId)).success());
        VerifyAction.as(admin).events("user_group/remove_members")
                .run(() -> member.post("/user_groups/" + id + "/members", "delete", List.of(guest.userId)).success());
        VerifyAction.as(admin).events("user_group/add_subgroups").run(() -> member.post("/user_groups/" + id + "/subgroups", "add", List.of(sub)).success());
        VerifyAction.as(admin).events("user_group/remove_subgroups").run(() -> member.post("/user_groups/" + id + "/subgroups", "delete", List.of(sub)).success());
    }

    @Test
    void deactivationWithAndWithoutTheCapability() {
        long a = create(member), b = create(member);
        VerifyAction.as(admin).register(WITH_DEACTIVATED).events("user_group/update").run(() -> member.post("/user_groups/" + a + "/deactivate").success());
        VerifyAction.as(admin).register(WITHOUT).events("user_group/remove").run(() -> member.post("/user_groups/" + b + "/deactivate").success());
    }

    @Test
    void changesToADeactivatedGroup() {
        long id = create(member);
        member.post("/user_groups/" + id + "/deactivate").success();
        // with the capability every change arrives; without it none does (the client does not know the group)
        VerifyAction.as(admin).register(WITH_DEACTIVATED).events("user_group/update").run(() -> member.patch("/user_groups/" + id, "name", uniqueName()).success());
        VerifyAction.as(admin).register(WITHOUT).events(0).noStateChange()
                .run(() -> member.patch("/user_groups/" + id, "name", uniqueName(), "description", "x").success());
        VerifyAction.as(admin).register(WITHOUT).events(0).noStateChange()
                .run(() -> member.post("/user_groups/" + id + "/members", "add", List.of(admin.userId)).success());
        VerifyAction.as(admin).register(WITH_DEACTIVATED).events("user_group/remove_members")
                .run(() -> member.post("/user_groups/" + id + "/members", "delete", List.of(admin.userId)).success());
    }

    @Test
    void reactivationWithAndWithoutTheCapability() {
        long a = create(member), b = create(member);
        member.post("/user_groups/" + a + "/deactivate").success();
        member.post("/user_groups/" + b + "/deactivate").success();
        VerifyAction.as(admin).register(WITH_DEACTIVATED).events("user_group/update")
                .run(() -> member.patch("/user_groups/" + a, "deactivated", "false").success());
        // the group arrives whole, then its rename
        VerifyAction.as(admin).register(WITHOUT).events("user_group/add", "user_group/update")
                .run(() -> member.patch("/user_groups/" + b, "deactivated", "false", "name", uniqueName()).success());
    }

    @Test
    void userDeactivationUpdatesGroupsAndAnonymousSettings() {
        var temp = server.createUser("ev-" + uniqueName() + "@example.com", "Event Temp", 400);
        long id = create(member, "members", List.of(temp.userId),
                "can_join_group", Map.of("direct_members", List.of(temp.userId, member.userId), "direct_subgroups", List.of()));
        long deactivated = create(member, "members", List.of(temp.userId));
        member.post("/user_groups/" + deactivated + "/deactivate").success();
        // admin can access the user, so hears only realm_user/update and drops them from groups and settings itself
        // (zulip.yaml, feature level 303: group and setting events of a deactivation go to those who cannot access the user)
        VerifyAction.as(admin).register(WITHOUT).events("realm_user/update").run(() -> owner.delete("/users/" + temp.userId).success());
        // reactivation: add_members for the two role groups, the group and the deactivated group, and the restored can_join_group
        VerifyAction.as(admin).register(WITH_DEACTIVATED).events(6).run(() -> owner.post("/users/" + temp.userId + "/reactivate").success());
        assertThat(id).isPositive();
    }
}
