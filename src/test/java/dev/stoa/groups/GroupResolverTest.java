package dev.stoa.groups;

import static dev.stoa.groups.GroupCrudTest.create;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GroupResolver.isMember, the one permission check: nesting, system groups by role, deactivated users and groups. */
class GroupResolverTest extends StoaTestBase {
    private final GroupResolver resolver = new GroupResolver(new GroupStore());

    private boolean in(long userId, Object value) {
        JsonNode v = Json.tree(value);
        return server.stoa.db().read(h -> resolver.isMember(h, userId, v));
    }

    private long systemGroup(String name) {
        for (JsonNode g : owner.get("/user_groups").success().get("user_groups")) {
            if (g.get("name").asText().equals(name)) return g.get("id").asLong();
        }
        throw new AssertionError(name);
    }

    @Test
    void systemGroupsFollowRolesThroughNesting() {
        long members = systemGroup("role:members"), everyone = systemGroup("role:everyone"), admins = systemGroup("role:administrators"),
                internet = systemGroup("role:internet"), nobody = systemGroup("role:nobody"), mods = systemGroup("role:moderators");
        assertThat(in(owner.userId, admins)).isTrue();
        assertThat(in(owner.userId, members)).isTrue();
        assertThat(in(admin.userId, mods)).isTrue();
        assertThat(in(moderator.userId, admins)).isFalse();
        assertThat(in(member.userId, members)).isTrue();
        assertThat(in(guest.userId, members)).isFalse();
        assertThat(in(guest.userId, everyone)).isTrue();
        assertThat(in(guest.userId, internet)).isTrue();
        assertThat(in(bot.userId, members)).isTrue();
        for (long u : List.of(owner.userId, admin.userId, member.userId, guest.userId)) assertThat(in(u, nobody)).isFalse();
    }

    @Test
    void nestedAndAnonymousValues() {
        long leaf = create(member, "members", List.of(guest.userId));
        long mid = create(member, "subgroups", List.of(leaf));
        long top = create(member, "subgroups", List.of(mid));
        assertThat(in(guest.userId, top)).isTrue();
        assertThat(in(member.userId, top)).isFalse();
        assertThat(in(guest.userId, Map.of("direct_members", List.of(), "direct_subgroups", List.of(top)))).isTrue();
        assertThat(in(member.userId, Map.of("direct_members", List.of(member.userId), "direct_subgroups", List.of()))).isTrue();
        assertThat(in(admin.userId, Map.of("direct_members", List.of(member.userId), "direct_subgroups", List.of(top)))).isFalse();
        assertThat(in(guest.userId, 999999)).isFalse();
        assertThat(in(guest.userId, null)).isFalse();
    }

    @Test
    void deactivatedGroupsGrantNothing() {
        long leaf = create(member, "members", List.of(guest.userId));
        long top = create(member, "subgroups", List.of(leaf));
        member.post("/user_groups/" + top + "/deactivate").success();
        assertThat(in(guest.userId, top)).isFalse();
        assertThat(in(guest.userId, leaf)).isTrue();
        // the leaf can be deactivated once its only supergroup is; then it grants nothing either, even inside a value
        member.post("/user_groups/" + leaf + "/deactivate").success();
        assertThat(in(guest.userId, leaf)).isFalse();
        assertThat(in(guest.userId, Map.of("direct_members", List.of(), "direct_subgroups", List.of(leaf)))).isFalse();
        member.patch("/user_groups/" + leaf, "deactivated", "false").success();
        assertThat(in(guest.userId, leaf)).isTrue();
    }

    @Test
    void deactivatedUsersAreInNoGroup() {
        var temp = server.createUser("resolver-temp@example.com", "Resolver Temp", 400);
        long g = create(member, "members", List.of(temp.userId));
        long members = systemGroup("role:members");
        assertThat(in(temp.userId, g)).isTrue();
        owner.delete("/users/" + temp.userId).success();
        assertThat(in(temp.userId, g)).isFalse();
        assertThat(in(temp.userId, members)).isFalse();
        assertThat(in(temp.userId, Map.of("direct_members", List.of(temp.userId), "direct_subgroups", List.of()))).isFalse();
        owner.post("/users/" + temp.userId + "/reactivate").success();
        assertThat(in(temp.userId, g)).isTrue();
    }

    @Test
    void cyclesAreRefusedAtWriteTime() {
        long a = create(member), b = create(member);
        member.post("/user_groups/" + a + "/subgroups", "add", List.of(b)).success();
        member.post("/user_groups/" + b + "/subgroups", "add", List.of(a))
                .badRequest("User group " + b + " is already a subgroup of one of the passed subgroups.");
        member.post("/user_groups/create", "name", GroupCrudTest.uniqueName(), "description", "", "members", List.of(), "subgroups", List.of(a)).success();
        assertThat(in(member.userId, a)).isFalse();
    }
}
