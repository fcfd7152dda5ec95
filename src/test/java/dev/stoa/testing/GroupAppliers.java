package dev.stoa.testing;

import static dev.stoa.testing.EventApplier.array;
import static dev.stoa.testing.EventApplier.findById;
import static dev.stoa.testing.EventApplier.on;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.TreeSet;

/** How a client applies user_group events to realm_user_groups. */
final class GroupAppliers {
    private GroupAppliers() {}

    static void register() {
        on("user_group/add", PermissionDerived.then((s, e) -> array(s, "realm_user_groups").add(e.get("group"))));
        on("user_group/remove", PermissionDerived.then((s, e) -> EventApplier.removeById(array(s, "realm_user_groups"), "id", e.get("group_id").asLong())));
        on("user_group/update", PermissionDerived.then((s, e) -> group(s, e).setAll((ObjectNode) e.get("data"))));
        on("user_group/add_members", PermissionDerived.then((s, e) -> union(group(s, e), "members", e.get("user_ids"))));
        on("user_group/remove_members", PermissionDerived.then((s, e) -> minus(group(s, e), "members", e.get("user_ids"))));
        on("user_group/add_subgroups", PermissionDerived.then((s, e) -> union(group(s, e), "direct_subgroup_ids", e.get("direct_subgroup_ids"))));
        on("user_group/remove_subgroups", PermissionDerived.then((s, e) -> minus(group(s, e), "direct_subgroup_ids", e.get("direct_subgroup_ids"))));
    }

    /**
     * A deactivated user is no member of any group: as zulip.yaml asks of clients (feature level 303),
     * drop them from every group and from the direct members of every anonymous group setting, since
     * only users who cannot access them hear of it as user_group and realm events.
     */
    static void forgetDeactivated(ObjectNode s, long userId) {
        JsonNode gone = s.arrayNode().add(userId);
        if (s.has("realm_user_groups")) {
            for (JsonNode g : array(s, "realm_user_groups")) {
                minus((ObjectNode) g, "members", gone);
                g.properties().forEach(p -> dropDirectMember(p.getValue(), gone));
            }
        }
        s.properties().forEach(p -> {
            if (p.getKey().startsWith("realm_")) dropDirectMember(p.getValue(), gone);
        });
        PermissionDerived.recompute(s);
    }

    private static void dropDirectMember(JsonNode value, JsonNode gone) {
        if (value instanceof ObjectNode o && o.has("direct_members") && o.has("direct_subgroups")) minus(o, "direct_members", gone);
    }

    private static ObjectNode group(ObjectNode s, ObjectNode e) {
        ObjectNode g = findById(array(s, "realm_user_groups"), "id", e.get("group_id").asLong());
        if (g == null) throw new AssertionError("user_group event for a group missing from the state: " + e);
        return g;
    }

    private static void union(ObjectNode g, String key, JsonNode ids) {
        TreeSet<Long> set = ids(g.get(key));
        ids.forEach(i -> set.add(i.asLong()));
        g.set(key, toArray(g, set));
    }

    private static void minus(ObjectNode g, String key, JsonNode ids) {
        TreeSet<Long> set = ids(g.get(key));
        ids.forEach(i -> set.remove(i.asLong()));
        g.set(key, toArray(g, set));
    }

    private static TreeSet<Long> ids(JsonNode a) {
        TreeSet<Long> set = new TreeSet<>();
        a.forEach(i -> set.add(i.asLong()));
        return set;
    }

    private static ArrayNode toArray(ObjectNode g, TreeSet<Long> set) {
        ArrayNode a = g.arrayNode();
        set.forEach(a::add);
        return a;
    }
}
