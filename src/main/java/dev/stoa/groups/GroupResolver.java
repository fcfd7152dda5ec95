package dev.stoa.groups;

import dev.stoa.identity.User;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * The one answer to "is user U in group-setting value V?": V is a group id, or an object with
 * direct_members and direct_subgroups; membership goes through nested subgroups (one recursive
 * query). System groups hold their members by role, so roles need no special case. A deactivated
 * user is in no group; a deactivated group grants nothing, neither directly nor as a subgroup.
 * With a GroupCache (the server's wiring) checks read committed state from memory; without one
 * (tests), while another thread rebuilds the cache, or when h is a write transaction that changed
 * groups or users (the cache refuses it: GroupCache.isMember), they run one recursive query on h.
 */
public final class GroupResolver {
    private final GroupStore store;
    private final GroupCache cache;

    public GroupResolver(GroupStore store) {
        this(store, null);
    }

    public GroupResolver(GroupStore store, GroupCache cache) {
        this.store = store;
        this.cache = cache;
    }

    public boolean isMember(Handle h, long userId, JsonNode value) {
        if (value == null || value.isNull()) return false;
        if (value.isIntegralNumber()) {
            Boolean cached = cache == null ? null : cache.isMember(h, userId, List.of(value.longValue()));
            return cached != null ? cached : store.isMemberRecursive(h, userId, value.longValue());
        }
        List<Long> subgroups = new ArrayList<>();
        for (JsonNode g : value.path("direct_subgroups")) subgroups.add(g.asLong());
        for (JsonNode m : value.path("direct_members")) {
            if (m.asLong() != userId) continue;
            Boolean cached = cache == null ? null : cache.isActive(h, userId);
            return cached != null ? cached : store.isActiveUser(h, userId);
        }
        Boolean cached = cache == null ? null : cache.isMember(h, userId, subgroups);
        return cached != null ? cached : store.isMemberRecursive(h, userId, subgroups);
    }

    /**
     * Whether the actor holds a permission: membership in the value, except that guests never hold
     * permissions whose rule refuses role:everyone (Zulip's allow_everyone_group).
     */
    public boolean hasPermission(Handle h, User actor, JsonNode value, GroupSettingRule rule) {
        if (rule != null && !rule.allowEveryoneGroup() && actor.isGuest()) return false;
        return isMember(h, actor.id(), value);
    }
}
