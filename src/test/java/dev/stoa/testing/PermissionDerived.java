package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The register booleans derived from group-setting values (can_create_streams...): a client
 * recomputes them from realm_* settings and realm_user_groups after realm and user_group events,
 * as Zulip's own apply_event does.
 */
final class PermissionDerived {
    private PermissionDerived() {}

    static BiConsumer<ObjectNode, ObjectNode> then(BiConsumer<ObjectNode, ObjectNode> applier) {
        return (s, e) -> {
            applier.accept(s, e);
            recompute(s);
        };
    }

    static void recompute(ObjectNode s) {
        if (!s.has("can_create_public_streams") || !s.has("realm_user_groups") || !s.has("user_id")) return;
        boolean pub = member(s, s.get("realm_can_create_public_channel_group")), priv = member(s, s.get("realm_can_create_private_channel_group"));
        s.put("can_create_streams", pub || priv);
        s.put("can_create_public_streams", pub);
        s.put("can_create_private_streams", priv);
        s.put("can_create_web_public_streams", member(s, s.get("realm_can_create_web_public_channel_group")));
        s.put("can_subscribe_other_users", member(s, s.get("realm_can_add_subscribers_group")));
        s.put("can_invite_others_to_realm", member(s, s.get("realm_can_invite_users_group")));
    }

    /** Whether the state's own user is in a group-setting value, through realm_user_groups. */
    static boolean member(ObjectNode s, JsonNode value) {
        if (value == null) return false;
        long me = s.get("user_id").asLong();
        ArrayDeque<Long> todo = new ArrayDeque<>();
        if (value.isIntegralNumber()) {
            todo.add(value.asLong());
        } else {
            for (JsonNode m : value.path("direct_members")) if (m.asLong() == me) return true;
            value.path("direct_subgroups").forEach(g -> todo.add(g.asLong()));
        }
        Set<Long> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            long id = todo.pop();
            if (!seen.add(id)) continue;
            ObjectNode g = EventApplier.findById(EventApplier.array(s, "realm_user_groups"), "id", id);
            if (g == null || g.path("deactivated").asBoolean(false)) continue;
            for (JsonNode m : g.path("members")) if (m.asLong() == me) return true;
            g.path("direct_subgroup_ids").forEach(x -> todo.add(x.asLong()));
        }
        return false;
    }
}
