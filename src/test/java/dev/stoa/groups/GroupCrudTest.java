package dev.stoa.groups;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GroupCrudTest extends StoaTestBase {
    private static final AtomicInteger SEQ = new AtomicInteger();

    static String uniqueName() { return "team-" + SEQ.incrementAndGet(); }

    static long create(ApiClient c, Object... extra) {
        Object[] kv = new Object[6 + extra.length];
        kv[0] = "name"; kv[1] = uniqueName(); kv[2] = "description"; kv[3] = "a team"; kv[4] = "members"; kv[5] = List.of();
        System.arraycopy(extra, 0, kv, 6, extra.length);
        return c.post("/user_groups/create", kv).success().get("group_id").asLong();
    }

    JsonNode group(long id) {
        for (JsonNode g : owner.get("/user_groups", "include_deactivated_groups", "true").success().get("user_groups")) {
            if (g.get("id").asLong() == id) return g;
        }
        return null;
    }

    @Test
    void createWithMembersSubgroupsAndDefaults() {
        long sub = create(member);
        long id = create(member, "members", List.of(member.userId, admin.userId), "subgroups", List.of(sub));
        JsonNode g = group(id);
        assertThat(g.get("members")).extracting(JsonNode::asLong).containsExactly(admin.userId, member.userId);
        assertThat(g.get("direct_subgroup_ids").get(0).asLong()).isEqualTo(sub);
        assertThat(g.get("creator_id").asLong()).isEqualTo(member.userId);
        assertThat(g.get("deactivated").asBoolean()).isFalse();
        // Zulip's defaults: the creator manages and adds members; nobody joins; everyone leaves and mentions.
        assertThat(g.get("can_manage_group").get("direct_members").get(0).asLong()).isEqualTo(member.userId);
        assertThat(g.get("can_add_members_group").get("direct_members").get(0).asLong()).isEqualTo(member.userId);
        assertThat(g.get("can_join_group").asLong()).isEqualTo(groupId("role:nobody"));
        assertThat(g.get("can_leave_group").asLong()).isEqualTo(groupId("role:everyone"));
        assertThat(g.get("can_mention_group").asLong()).isEqualTo(groupId("role:everyone"));
        assertThat(g.get("can_remove_members_group").asLong()).isEqualTo(groupId("role:nobody"));
    }

    @Test
    void createValidation() {
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(99999))
                .badRequest("Invalid user ID: 99999");
        member.post("/user_groups/create", "name", "", "description", "", "members", List.of()).badRequest("User group name can't be empty!");
        member.post("/user_groups/create", "name", "x".repeat(101), "description", "", "members", List.of())
                .badRequest("User group name cannot exceed 100 characters.");
        member.post("/user_groups/create", "name", "role:fake", "description", "", "members", List.of())
                .badRequest("User group name cannot start with 'role:'.");
        member.post("/user_groups/create", "name", "@x", "description", "", "members", List.of())
                .badRequest("User group name cannot start with '@'.");
        member.post("/user_groups/create", "name", uniqueName(), "description", "").missing("members");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", "[1,").badRequest("members is not valid JSON");
        String taken = uniqueName();
        member.post("/user_groups/create", "name", taken, "description", "", "members", List.of()).success();
        member.post("/user_groups/create", "name", taken, "description", "", "members", List.of())
                .badRequest("User group '" + taken + "' already exists.");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "subgroups", List.of(424242))
                .badRequest("Invalid user group ID: 424242");
    }

    @Test
    void settingRules() {
        long internet = groupId("role:internet"), everyone = groupId("role:everyone"), owners = groupId("role:owners");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "can_manage_group", everyone)
                .badRequest("'can_manage_group' setting cannot be set to 'role:everyone' group.");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "can_manage_group", internet)
                .badRequest("'can_manage_group' setting cannot be set to 'role:internet' group.");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "can_mention_group", owners)
                .badRequest("'can_mention_group' setting cannot be set to 'role:owners' group.");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "can_mention_group", internet)
                .badRequest("'can_mention_group' setting cannot be set to 'role:internet' group.");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "can_join_group", 777777)
                .badRequest("Invalid user group");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "can_join_group", "\"x\"")
                .badRequest("Invalid can_join_group");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(),
                "can_join_group", Map.of("direct_members", List.of(31337), "direct_subgroups", List.of())).badRequest("Invalid user ID: 31337");
        long id = create(member, "can_mention_group", Map.of("direct_members", List.of(), "direct_subgroups", List.of(owners + 1)));
        assertThat(group(id).get("can_mention_group").asLong()).isEqualTo(owners + 1); // a lone subgroup is its id
        long id2 = create(member, "can_join_group", Map.of("direct_members", List.of(guest.userId, member.userId), "direct_subgroups", List.of()));
        assertThat(group(id2).get("can_join_group").get("direct_members")).extracting(JsonNode::asLong).containsExactly(member.userId, guest.userId);
    }

    @Test
    void updateNameDescriptionAndSettings() {
        long id = create(member);
        String name = uniqueName();
        member.patch("/user_groups/" + id, "name", name, "description", "new words").success();
        assertThat(group(id).get("name").asText()).isEqualTo(name);
        assertThat(group(id).get("description").asText()).isEqualTo("new words");
        long mods = groupId("role:moderators");
        JsonNode before = group(id).get("can_join_group");
        member.patch("/user_groups/" + id, "can_join_group", Map.of("new", mods, "old", before)).success();
        assertThat(group(id).get("can_join_group").asLong()).isEqualTo(mods);
        // stale old is rejected, and nothing else in the request is applied
        member.patch("/user_groups/" + id, "description", "ignored", "can_join_group", Map.of("new", groupId("role:members"), "old", before))
                .error(400, "EXPECTATION_MISMATCH", "'old' value does not match the expected value.");
        assertThat(group(id).get("description").asText()).isEqualTo("new words");
        member.patch("/user_groups/" + id, "can_join_group", Map.of("old", mods)).badRequest("can_join_group[\"new\"] field is missing");
        member.patch("/user_groups/" + id).badRequest("No new data supplied");
        member.patch("/user_groups/999999", "name", "x").badRequest("Invalid user group");
        member.patch("/user_groups/" + id, "name", "role:x").badRequest("User group name cannot start with 'role:'.");
        member.patch("/user_groups/" + id, "description", "a\u0000b").badRequest("Invalid characters in description");
        member.patch("/user_groups/" + id, "name", "a\u0000b").badRequest("Invalid characters in name");
    }

    @Test
    void systemGroupsAreManagedByRolesOnly() {
        long admins = groupId("role:administrators");
        owner.patch("/user_groups/" + admins, "description", "x").badRequest("Insufficient permission");
        owner.post("/user_groups/" + admins + "/members", "add", List.of(member.userId)).badRequest("Insufficient permission");
        owner.post("/user_groups/" + admins + "/deactivate").badRequest("Insufficient permission");
    }

    @Test
    void deactivateAndReactivate() {
        long id = create(member);
        member.post("/user_groups/" + id + "/deactivate").success();
        assertThat(group(id).get("deactivated").asBoolean()).isTrue();
        JsonNode active = member.get("/user_groups").success().get("user_groups");
        assertThat(active.findValues("id")).extracting(JsonNode::asLong).doesNotContain(id);
        member.post("/user_groups/" + id + "/deactivate").badRequest("User group is deactivated.");
        // a deactivated group cannot be named in a permission value
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "can_join_group", id)
                .badRequest("User group is deactivated.");
        member.post("/user_groups/create", "name", uniqueName(), "description", "", "members", List.of(), "subgroups", List.of(id))
                .badRequest("User group is deactivated.");
        member.get("/user_groups/" + id + "/members").badRequest("User group is deactivated.");
        // deactivated=true does nothing; false reactivates; renaming works while deactivated
        member.patch("/user_groups/" + id, "deactivated", "true").success();
        String name = uniqueName();
        member.patch("/user_groups/" + id, "name", name).success();
        member.patch("/user_groups/" + id, "deactivated", "false").success();
        assertThat(group(id).get("deactivated").asBoolean()).isFalse();
        assertThat(group(id).get("name").asText()).isEqualTo(name);
        member.post("/user_groups/999999/deactivate").badRequest("Invalid user group");
    }

    @Test
    void groupInUseCannotBeDeactivated() {
        long used = create(member);
        long user = create(member, "can_join_group", used);
        long parent = create(member, "subgroups", List.of(used));
        var r = member.post("/user_groups/" + used + "/deactivate")
                .error(400, "CANNOT_DEACTIVATE_GROUP_IN_USE", "Cannot deactivate user group in use.");
        JsonNode objections = r.get("objections");
        assertThat(objections.get(0).get("type").asText()).isEqualTo("subgroup");
        assertThat(objections.get(0).get("supergroup_ids").get(0).asLong()).isEqualTo(parent);
        assertThat(objections.get(1).get("group_id").asLong()).isEqualTo(user);
        assertThat(objections.get(1).get("settings").get(0).asText()).isEqualTo("can_join_group");
        long realmUsed = create(member);
        owner.patch("/realm", "can_resolve_topics_group", Map.of("new", realmUsed)).success();
        var r2 = member.post("/user_groups/" + realmUsed + "/deactivate").error(400, "CANNOT_DEACTIVATE_GROUP_IN_USE", null);
        assertThat(r2.get("objections").get(0).get("type").asText()).isEqualTo("realm");
        owner.patch("/realm", "can_resolve_topics_group", Map.of("new", groupId("role:everyone"))).success();
        member.post("/user_groups/" + realmUsed + "/deactivate").success();
    }
}
