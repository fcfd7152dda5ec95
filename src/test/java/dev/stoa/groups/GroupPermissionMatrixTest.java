package dev.stoa.groups;

import static dev.stoa.groups.GroupCrudTest.create;
import static dev.stoa.groups.GroupCrudTest.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Who may do what to user groups: owner, administrator, moderator, member, guest, bot, and a
 * group's own manager (a member named in its can_manage_group), under the default realm settings
 * (can_create_groups = role:members, can_manage_all_groups = role:owners).
 */
class GroupPermissionMatrixTest extends StoaTestBase {
    private ApiClient manager;

    private Map<String, ApiClient> actors() {
        if (manager == null) manager = server.createUser("manager@example.com", "Group Manager", 400);
        Map<String, ApiClient> m = new LinkedHashMap<>();
        m.put("owner", owner);
        m.put("admin", admin);
        m.put("moderator", moderator);
        m.put("member", member);
        m.put("guest", guest);
        m.put("bot", bot);
        m.put("manager", manager);
        return m;
    }

    /** A fresh group created by the moderator, managed by `manager` (and a guest named alongside). */
    private long managedGroup() {
        actors();
        return create(moderator, "can_manage_group", Map.of("direct_members", List.of(manager.userId, guest.userId), "direct_subgroups", List.of()));
    }

    private void check(String what, Map<String, Boolean> expected, BiFunction<ApiClient, Long, ApiResponse> action) {
        for (var e : actors().entrySet()) {
            if (e.getKey().equals("moderator")) continue; // the creator; covered below
            ApiResponse r = action.apply(e.getValue(), managedGroup());
            if (expected.get(e.getKey())) {
                assertThat(r.ok()).as(what + " by " + e.getKey() + ": " + r.body()).isTrue();
            } else {
                r.badRequest("Insufficient permission");
            }
        }
    }

    private static Map<String, Boolean> only(String... allowed) {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (String a : List.of("owner", "admin", "moderator", "member", "guest", "bot", "manager")) m.put(a, List.of(allowed).contains(a));
        return m;
    }

    @Test
    void createNeedsCanCreateGroups() {
        for (var e : actors().entrySet()) {
            ApiResponse r = e.getValue().post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of());
            if (e.getKey().equals("guest")) r.badRequest("Insufficient permission");
            else assertThat(r.ok()).as(e.getKey()).isTrue();
        }
        // the realm can narrow it to administrators
        long admins = systemGroupId("role:administrators");
        owner.patch("/realm", "can_create_groups", Map.of("new", admins)).success();
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of()).badRequest("Insufficient permission");
        admin.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of()).success();
        owner.patch("/realm", "can_create_groups", Map.of("new", systemGroupId("role:members"))).success();
    }

    @Test
    void updateDeactivateAndMembers() {
        Map<String, Boolean> managers = only("owner", "manager");
        check("rename", managers, (c, id) -> c.patch("/user_groups/" + id, "name", uniqueName()));
        check("setting", managers, (c, id) -> c.patch("/user_groups/" + id, "can_join_group", Map.of("new", systemGroupId("role:members"))));
        check("deactivate", managers, (c, id) -> c.post("/user_groups/" + id + "/deactivate"));
        check("add member", managers, (c, id) -> c.post("/user_groups/" + id + "/members", "add", List.of(member.userId)));
        check("add subgroup", managers, (c, id) -> c.post("/user_groups/" + id + "/subgroups", "add", List.of(create(owner))));
        // the creator manages their own group (Zulip's group_creator default is replaced here, so use a fresh group)
        long own = create(moderator);
        moderator.patch("/user_groups/" + own, "description", "mine").success();
        moderator.post("/user_groups/" + own + "/members", "add", List.of(member.userId)).success();
        member.post("/user_groups/" + own + "/members", "delete", List.of(member.userId)).success(); // can_leave_group: everyone
    }

    @Test
    void botsManageTheGroupsTheyCreate() {
        long id = create(bot);
        bot.patch("/user_groups/" + id, "description", "by a bot").success();
        bot.post("/user_groups/" + id + "/members", "add", List.of(member.userId)).success();
        member.patch("/user_groups/" + id, "description", "not mine").badRequest("Insufficient permission");
    }

    @Test
    void canManageAllGroupsWidensToAdministrators() {
        long id = managedGroup();
        admin.patch("/user_groups/" + id, "description", "x").badRequest("Insufficient permission");
        owner.patch("/realm", "can_manage_all_groups", Map.of("new", systemGroupId("role:administrators"))).success();
        admin.patch("/user_groups/" + id, "description", "x").success();
        owner.patch("/realm", "can_manage_all_groups", Map.of("new", systemGroupId("role:owners"))).success();
    }

    @Test
    void realmSettingsNeedAnAdministrator() {
        for (var e : actors().entrySet()) {
            ApiResponse r = e.getValue().patch("/realm", "description", "by " + e.getKey());
            if (e.getKey().equals("owner") || e.getKey().equals("admin")) assertThat(r.ok()).as(e.getKey()).isTrue();
            else r.error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        }
    }

    private long systemGroupId(String name) {
        for (var g : owner.get("/user_groups").success().get("user_groups")) {
            if (g.get("name").asText().equals(name)) return g.get("id").asLong();
        }
        throw new AssertionError(name);
    }
}
