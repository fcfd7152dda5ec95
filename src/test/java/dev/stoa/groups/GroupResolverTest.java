package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.events.EventLog;
import dev.stoa.http.Json;
import dev.stoa.testing.StoaTestBase;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

import static dev.stoa.groups.GroupCrudTest.create;
import static org.assertj.core.api.Assertions.assertThat;

/** GroupResolver.isMember, the one permission check: nesting, system groups by role, deactivated users and groups. */
class GroupResolverTest extends StoaTestBase {
    private GroupStore store() { return server.stoa.core().groups(); }

    private GroupResolver resolver() { return new GroupResolver(store()); }

    /** Asks both the database path and a freshly loaded GroupCache; they must agree. */
    private boolean in(long userId, Object value) {
        JsonNode v = Json.tree(value);
        var db = server.stoa.db();
        boolean fromDb = db.read(h -> resolver().isMember(h, userId, v));
        var cached = new GroupResolver(store(), new GroupCache(db, new EventLog(db, Clock.systemUTC()), store()));
        boolean fromCache = db.read(h -> cached.isMember(h, userId, v));
        assertThat(fromCache).as("cache agrees with the database for " + userId + " in " + v).isEqualTo(fromDb);
        return fromDb;
    }

    @Test
    void systemGroupsFollowRolesThroughNesting() {
        long members = groupId("role:members"), everyone = groupId("role:everyone"), admins = groupId("role:administrators"),
                internet = groupId("role:internet"), nobody = groupId("role:nobody"), mods = groupId("role:moderators");
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
        long members = groupId("role:members");
        assertThat(in(temp.userId, g)).isTrue();
        owner.delete("/users/" + temp.userId).success();
        assertThat(in(temp.userId, g)).isFalse();
        assertThat(in(temp.userId, members)).isFalse();
        assertThat(in(temp.userId, Map.of("direct_members", List.of(temp.userId), "direct_subgroups", List.of()))).isFalse();
        owner.post("/users/" + temp.userId + "/reactivate").success();
        assertThat(in(temp.userId, g)).isTrue();
    }

    @Test
    void serverCacheFollowsCommittedChanges() {
        // the server's checks go through its GroupCache: membership changes must be seen at once
        long gate = create(owner, "members", List.of());
        long id = create(owner, "can_join_group", gate);
        member.post("/user_groups/" + id + "/members", "add", List.of(member.userId)).badRequest("Insufficient permission");
        owner.post("/user_groups/" + gate + "/members", "add", List.of(member.userId)).success();
        member.post("/user_groups/" + id + "/members", "add", List.of(member.userId)).success();
        owner.post("/user_groups/" + gate + "/members", "delete", List.of(member.userId)).success();
        member.post("/user_groups/" + id + "/members", "delete", List.of(member.userId)).success(); // can_leave_group: everyone
        member.post("/user_groups/" + id + "/members", "add", List.of(member.userId)).badRequest("Insufficient permission");
        long inner = create(owner, "members", List.of(member.userId));
        owner.post("/user_groups/" + gate + "/subgroups", "add", List.of(inner)).success();
        member.post("/user_groups/" + id + "/members", "add", List.of(member.userId)).success();
    }

    @Test
    void aPoolFullOfChecksNeverWaitsForTheRebuild() throws Exception {
        // Every pooled connection is held by a check that needs the cache rebuilt (a fresh cache). The
        // rebuild needs one more connection: had the others waited for it while holding theirs, none
        // would be free until the pool's timeout failed the rebuild. They answer from their own handle.
        var db = server.stoa.db();
        int size = db.pools().getLast().getMaximumPoolSize();
        var cached = new GroupResolver(store(), new GroupCache(db, new EventLog(db, Clock.systemUTC()), store()));
        JsonNode members = Json.tree(groupId("role:members"));
        var together = new CyclicBarrier(size);
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Boolean>> checks = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                checks.add(pool.submit(() -> db.read(h -> {
                    together.await(20, TimeUnit.SECONDS);
                    return cached.isMember(h, member.userId, members);
                })));
            }
            for (var check : checks) assertThat(check.get(20, TimeUnit.SECONDS)).isTrue();
        }
    }

    /**
     * Inside a write transaction that changed a group, the server's resolver (with its cache) answers
     * from that transaction's own state: nobody has to remember to ask it uncached.
     */
    @Test
    void aTransactionThatChangedGroupsSeesItsOwnWrites() {
        long g = create(owner, "members", List.of());
        GroupResolver resolver = server.stoa.core().groupResolver();
        JsonNode value = Json.tree(g);
        boolean inside = server.stoa.db().write(tx -> {
            assertThat(resolver.isMember(tx.h(), guest.userId, value)).isFalse();
            store().addMembers(tx, g, List.of(guest.userId));
            return resolver.isMember(tx.h(), guest.userId, value);
        });
        assertThat(inside).as("the uncommitted membership, seen inside its transaction").isTrue();
        assertThat((boolean) server.stoa.db().read(h -> resolver.isMember(h, guest.userId, value))).as("and committed").isTrue();
        Assertions.assertThatThrownBy(() -> server.stoa.db().write(tx -> {
            store().removeMembers(tx, g, List.of(guest.userId));
            assertThat(resolver.isMember(tx.h(), guest.userId, value)).as("removed, inside").isFalse();
            throw new IllegalStateException("roll back");
        })).hasStackTraceContaining("roll back");
        assertThat((boolean) server.stoa.db().read(h -> resolver.isMember(h, guest.userId, value))).as("rolled back: still a member").isTrue();
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
