package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static dev.stoa.groups.GroupCrudTest.create;
import static dev.stoa.groups.GroupCrudTest.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

class GroupMembershipTest extends StoaTestBase {
    List<Long> members(long id, Object... kv) {
        return toList(member.get("/user_groups/" + id + "/members", kv).success().get("members"));
    }

    static List<Long> toList(JsonNode a) {
        List<Long> out = new ArrayList<>();
        a.forEach(n -> out.add(n.asLong()));
        return out;
    }

    @Test
    void addAndRemoveMembers() {
        long id = create(member);
        member.post("/user_groups/" + id + "/members", "add", List.of(admin.userId, guest.userId)).success();
        assertThat(members(id)).containsExactly(admin.userId, guest.userId);
        member.post("/user_groups/" + id + "/members", "add", List.of(admin.userId)).badRequest("User " + admin.userId + " is already a member of this group");
        member.post("/user_groups/" + id + "/members", "delete", List.of(guest.userId)).success();
        assertThat(members(id)).containsExactly(admin.userId);
        member.post("/user_groups/" + id + "/members", "delete", List.of(guest.userId))
                .badRequest("There is no member '" + guest.userId + "' in this user group");
        member.post("/user_groups/" + id + "/members", "add", List.of(55555)).badRequest("Invalid user ID: 55555");
        member.post("/user_groups/" + id + "/members").badRequest(
                "Nothing to do. Specify at least one of \"add\", \"delete\", \"add_subgroups\" or \"delete_subgroups\".");
        member.post("/user_groups/77777/members", "add", List.of(admin.userId)).badRequest("Invalid user group");
    }

    @Test
    void subgroupsNestAndRefuseCycles() {
        long a = create(member), b = create(member), c = create(member);
        member.post("/user_groups/" + a + "/subgroups", "add", List.of(b)).success();
        member.post("/user_groups/" + b + "/subgroups", "add", List.of(c)).success();
        member.post("/user_groups/" + c + "/members", "add", List.of(guest.userId)).success();
        assertThat(members(a)).containsExactly(guest.userId);
        assertThat(members(a, "direct_member_only", "true")).isEmpty();
        assertThat(toList(member.get("/user_groups/" + a + "/subgroups").success().get("subgroups"))).containsExactly(b, c);
        assertThat(toList(member.get("/user_groups/" + a + "/subgroups", "direct_subgroup_only", "true").success().get("subgroups")))
                .containsExactly(b);
        assertThat(member.get("/user_groups/" + a + "/members/" + guest.userId).success().get("is_user_group_member").asBoolean()).isTrue();
        assertThat(member.get("/user_groups/" + a + "/members/" + guest.userId, "direct_member_only", "true").success()
                .get("is_user_group_member").asBoolean()).isFalse();
        member.get("/user_groups/" + a + "/members/99999").badRequest("No such user");
        // cycles: c → a would close a loop; a → a too
        member.post("/user_groups/" + c + "/subgroups", "add", List.of(a))
                .badRequest("User group " + c + " is already a subgroup of one of the passed subgroups.");
        member.post("/user_groups/" + a + "/subgroups", "add", List.of(a))
                .badRequest("User group " + a + " is already a subgroup of one of the passed subgroups.");
        member.post("/user_groups/" + a + "/subgroups", "add", List.of(b)).badRequest("User group " + b + " is already a subgroup of this group.");
        member.post("/user_groups/" + a + "/subgroups", "delete", List.of(c)).badRequest("User group " + c + " is not a subgroup of this group.");
        member.post("/user_groups/" + a + "/subgroups", "add", List.of(88888)).badRequest("Invalid user group ID: 88888");
        member.post("/user_groups/" + a + "/subgroups").badRequest("Nothing to do. Specify at least one of \"add\" or \"delete\".");
        member.post("/user_groups/" + a + "/subgroups", "delete", List.of(b)).success();
        assertThat(members(a)).isEmpty();
        // the members endpoint also takes subgroups (level 311)
        member.post("/user_groups/" + a + "/members", "add_subgroups", List.of(c)).success();
        assertThat(members(a)).containsExactly(guest.userId);
    }

    @Test
    void joinAndLeaveFollowTheGroupsOwnSettings() {
        long everyone = groupId("role:everyone"), members = groupId("role:members"), nobody = groupId("role:nobody");
        long id = create(owner, "can_join_group", members, "can_leave_group", nobody);
        moderator.post("/user_groups/" + id + "/members", "add", List.of(moderator.userId)).success();
        moderator.post("/user_groups/" + id + "/members", "delete", List.of(moderator.userId)).badRequest("Insufficient permission");
        // joining is only for oneself; adding someone else needs can_add_members_group
        moderator.post("/user_groups/" + id + "/members", "add", List.of(member.userId)).badRequest("Insufficient permission");
        // guests never join by can_join_group (it refuses role:everyone), even when named directly
        owner.patch("/user_groups/" + id, "can_join_group", Map.of("new", Map.of("direct_members", List.of(guest.userId), "direct_subgroups", List.of())))
                .success();
        guest.post("/user_groups/" + id + "/members", "add", List.of(guest.userId)).badRequest("Insufficient permission");
        owner.post("/user_groups/" + id + "/members", "add", List.of(guest.userId)).success();
        owner.patch("/user_groups/" + id, "can_leave_group", Map.of("new", everyone)).success();
        guest.post("/user_groups/" + id + "/members", "delete", List.of(guest.userId)).success();
    }

    @Test
    void deactivatedUsersDisappearFromMembership() {
        var temp = server.createUser("temp-" + uniqueName() + "@example.com", "Temp User", 400);
        long id = create(member, "members", List.of(temp.userId, member.userId));
        owner.delete("/users/" + temp.userId).success();
        assertThat(members(id)).containsExactly(member.userId);
        assertThat(member.get("/user_groups/" + id + "/members/" + temp.userId).success().get("is_user_group_member").asBoolean()).isFalse();
        member.post("/user_groups/" + id + "/members", "add", List.of(temp.userId)).badRequest("Invalid user ID: " + temp.userId);
        JsonNode g = null;
        for (JsonNode x : member.get("/user_groups").success().get("user_groups")) if (x.get("id").asLong() == id) g = x;
        assertThat(toList(g.get("members"))).containsExactly(member.userId);
    }

    @Test
    void readEndpointsRefuseGuestsAndBots() {
        long id = create(member);
        guest.get("/user_groups").badRequest("Not allowed for guest users");
        bot.get("/user_groups").badRequest("This endpoint does not accept bot requests.");
        guest.get("/user_groups/" + id + "/members").badRequest("Not allowed for guest users");
        bot.get("/user_groups/" + id + "/subgroups").badRequest("This endpoint does not accept bot requests.");
        guest.get("/user_groups/" + id + "/members/" + member.userId).badRequest("Not allowed for guest users");
    }

}
