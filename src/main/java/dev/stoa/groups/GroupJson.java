package dev.stoa.groups;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** Groups in the API's UserGroup shape (GET /user_groups, register's realm_user_groups, user_group add events). */
final class GroupJson {
    private GroupJson() {}

    static ArrayNode apiGroups(GroupStore.Listing l) {
        ArrayNode out = Json.array();
        for (Group g : l.groups()) {
            ObjectNode o = out.addObject();
            o.put("id", g.id());
            o.put("name", g.name());
            o.put("description", g.description());
            o.set("members", Json.tree(l.members().getOrDefault(g.id(), List.of())));
            o.set("direct_subgroup_ids", Json.tree(l.subgroups().getOrDefault(g.id(), List.of())));
            o.put("is_system_group", g.system());
            if (g.dateCreated() == null) o.putNull("date_created"); else o.put("date_created", g.dateCreated());
            if (g.creatorId() == null) o.putNull("creator_id"); else o.put("creator_id", g.creatorId());
            o.put("deactivated", g.deactivated());
            for (String k : GroupState.SETTINGS) o.set(k, GroupSettingValues.apiValue(g.settings().get(k), l.activeUsers()));
        }
        return out;
    }

    /** One group's UserGroup object. */
    static ObjectNode apiGroup(GroupStore store, Handle h, long id) {
        return (ObjectNode) apiGroups(store.listing(h, true, id)).get(0);
    }
}
