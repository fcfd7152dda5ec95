package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * The one answer to "is user U in group-setting value V?": V is a group id, or an object with
 * direct_members and direct_subgroups; membership goes through nested subgroups (one recursive
 * query). System groups hold their members by role, so roles need no special case. A deactivated
 * user is in no group; a deactivated group grants nothing, neither directly nor as a subgroup.
 * Measured need for a cache: none yet (one indexed query per check).
 */
public final class GroupResolver {
    private final GroupStore store;

    public GroupResolver(GroupStore store) {
        this.store = store;
    }

    public boolean isMember(Handle h, long userId, JsonNode value) {
        if (value == null || value.isNull()) return false;
        if (value.isIntegralNumber()) return store.isMemberRecursive(h, userId, value.longValue());
        List<Long> subgroups = new ArrayList<>();
        for (JsonNode g : value.path("direct_subgroups")) subgroups.add(g.asLong());
        for (JsonNode m : value.path("direct_members")) {
            if (m.asLong() == userId) return store.isActiveUser(h, userId);
        }
        return store.isMemberRecursive(h, userId, subgroups);
    }

    /**
     * Whether the actor holds a permission: membership in the value, except that guests never hold
     * permissions whose rule refuses role:everyone (Zulip's allow_everyone_group).
     */
    public boolean hasPermission(Handle h, Actor actor, JsonNode value, GroupSettingRule rule) {
        if (rule != null && !rule.allowEveryoneGroup() && actor.isGuest()) return false;
        return isMember(h, actor.id(), value);
    }
}
