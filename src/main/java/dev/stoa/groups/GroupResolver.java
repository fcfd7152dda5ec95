package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import org.jdbi.v3.core.Handle;

/**
 * The one answer to "is user U in group-setting value V?": V is a group id, or an object with
 * direct_members and direct_subgroups; membership goes through nested subgroups. System groups
 * hold their members by role, so roles need no special case. Callers check that U is active.
 */
public final class GroupResolver {
    private final GroupStore store;

    public GroupResolver(GroupStore store) {
        this.store = store;
    }

    public boolean isMember(Handle h, long userId, JsonNode value) {
        if (value == null || value.isNull()) return false;
        if (value.isIntegralNumber()) return store.isMemberRecursive(h, userId, value.longValue());
        for (JsonNode m : value.path("direct_members")) if (m.asLong() == userId) return true;
        for (JsonNode g : value.path("direct_subgroups")) if (store.isMemberRecursive(h, userId, g.asLong())) return true;
        return false;
    }
}
