package dev.stoa.groups;

import static dev.stoa.groups.GroupCrudTest.create;
import static dev.stoa.groups.GroupCrudTest.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Verify-action tests for every user_group event, with and without include_deactivated_groups. */
class GroupEventsTest extends StoaTestBase {
    private static final Object[] WITH_DEACTIVATED = {"client_capabilities", Map.of("include_deactivated_groups", true)};
    private static final Object[] WITHOUT = {"client_capabilities", Map.of("include_deactivated_groups", false)};

    private static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.get("type").asText() + (e.has("op") ? "/" + e.get("op").asText() : "")).toList();
    }

    @Test
    void createGroup() {
        long sub = create(member);
        var events = VerifyAction.verify(admin, () -> member.post("/user_groups/create", "name", uniqueName(), "description", "d",
                "members", List.of(member.userId, guest.userId), "subgroups", List.of(sub)).success());
        assertThat(types(events)).containsExactly("user_group/add");
    }

    @Test
    void updateNameDescriptionAndSetting() {
        long id = create(member);
        var events = VerifyAction.verify(admin, () -> member.patch("/user_groups/" + id, "name", uniqueName(), "description", "changed",
                "can_join_group", Map.of("new", Map.of("direct_members", List.of(admin.userId, member.userId), "direct_subgroups", List.of()))).success());
        assertThat(types(events)).containsExactly("user_group/update", "user_group/update", "user_group/update");
    }

    @Test
    void membersAndSubgroups() {
        long id = create(member), sub = create(member);
        var add = VerifyAction.verify(admin, () -> member.post("/user_groups/" + id + "/members", "add", List.of(guest.userId, admin.userId)).success());
        assertThat(types(add)).containsExactly("user_group/add_members");
        var remove = VerifyAction.verify(admin, () -> member.post("/user_groups/" + id + "/members", "delete", List.of(guest.userId)).success());
        assertThat(types(remove)).containsExactly("user_group/remove_members");
        var addSub = VerifyAction.verify(admin, () -> member.post("/user_groups/" + id + "/subgroups", "add", List.of(sub)).success());
        assertThat(types(addSub)).containsExactly("user_group/add_subgroups");
        var removeSub = VerifyAction.verify(admin, () -> member.post("/user_groups/" + id + "/subgroups", "delete", List.of(sub)).success());
        assertThat(types(removeSub)).containsExactly("user_group/remove_subgroups");
    }

    @Test
    void deactivationWithAndWithoutTheCapability() {
        long a = create(member), b = create(member);
        var withCap = VerifyAction.verify(admin, WITH_DEACTIVATED, () -> member.post("/user_groups/" + a + "/deactivate").success());
        assertThat(types(withCap)).containsExactly("user_group/update");
        var without = VerifyAction.verify(admin, WITHOUT, () -> member.post("/user_groups/" + b + "/deactivate").success());
        assertThat(types(without)).containsExactly("user_group/remove");
    }

    @Test
    void changesToADeactivatedGroup() {
        long id = create(member);
        member.post("/user_groups/" + id + "/deactivate").success();
        // with the capability every change arrives; without it none does (the client does not know the group)
        var withCap = VerifyAction.verify(admin, WITH_DEACTIVATED, () -> member.patch("/user_groups/" + id, "name", uniqueName()).success());
        assertThat(types(withCap)).containsExactly("user_group/update");
        var without = VerifyAction.verify(admin, WITHOUT, () -> member.patch("/user_groups/" + id, "name", uniqueName(), "description", "x").success());
        assertThat(without).isEmpty();
        var members = VerifyAction.verify(admin, WITHOUT, () -> member.post("/user_groups/" + id + "/members", "add", List.of(admin.userId)).success());
        assertThat(members).isEmpty();
        VerifyAction.verify(admin, WITH_DEACTIVATED, () -> member.post("/user_groups/" + id + "/members", "delete", List.of(admin.userId)).success());
    }

    @Test
    void reactivationWithAndWithoutTheCapability() {
        long a = create(member), b = create(member);
        member.post("/user_groups/" + a + "/deactivate").success();
        member.post("/user_groups/" + b + "/deactivate").success();
        var withCap = VerifyAction.verify(admin, WITH_DEACTIVATED, () -> member.patch("/user_groups/" + a, "deactivated", "false").success());
        assertThat(types(withCap)).containsExactly("user_group/update");
        var without = VerifyAction.verify(admin, WITHOUT, () -> member.patch("/user_groups/" + b, "deactivated", "false", "name", uniqueName()).success());
        assertThat(types(without)).containsExactly("user_group/add", "user_group/update");
    }

    @Test
    void userDeactivationUpdatesGroupsAndAnonymousSettings() {
        var temp = server.createUser("ev-" + uniqueName() + "@example.com", "Event Temp", 400);
        long id = create(member, "members", List.of(temp.userId),
                "can_join_group", Map.of("direct_members", List.of(temp.userId, member.userId), "direct_subgroups", List.of()));
        long deactivated = create(member, "members", List.of(temp.userId));
        member.post("/user_groups/" + deactivated + "/deactivate").success();
        VerifyAction.verify(admin, WITHOUT, () -> owner.delete("/users/" + temp.userId).success());
        VerifyAction.verify(admin, WITH_DEACTIVATED, () -> owner.post("/users/" + temp.userId + "/reactivate").success());
        assertThat(id).isPositive();
    }
}
