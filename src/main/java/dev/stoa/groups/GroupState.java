package dev.stoa.groups;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** register's realm_user_groups: every group with its direct members and subgroups, in three queries. */
public final class GroupState implements StateContributor {
    public static final List<String> SETTINGS = List.of("can_add_members_group", "can_join_group", "can_leave_group",
            "can_manage_group", "can_mention_group", "can_remove_members_group");

    @Override
    public Set<String> eventTypes() { return Set.of("realm_user_groups", "user_group"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        boolean withDeactivated = ctx.options().can("include_deactivated_groups");
        state.set("realm_user_groups", groups(ctx.h(), withDeactivated, null));
    }

    /** Every group (or only `onlyId`) in the API's UserGroup shape. */
    public static ArrayNode groups(Handle h, boolean withDeactivated, Long onlyId) {
        Map<Long, ArrayNode> members = new HashMap<>(), subgroups = new HashMap<>();
        h.createQuery("SELECT group_id, user_id FROM group_members m JOIN users u ON u.id = m.user_id WHERE u.is_active ORDER BY group_id, user_id")
                .map((rs, c) -> members.computeIfAbsent(rs.getLong(1), k -> Json.array()).add(rs.getLong(2))).list();
        h.createQuery("SELECT group_id, subgroup_id FROM group_subgroups ORDER BY group_id, subgroup_id")
                .map((rs, c) -> subgroups.computeIfAbsent(rs.getLong(1), k -> Json.array()).add(rs.getLong(2))).list();
        java.util.Set<Long> active = new java.util.HashSet<>(h.createQuery("SELECT id FROM users WHERE is_active").mapTo(Long.class).list());
        ArrayNode out = Json.array();
        h.createQuery("SELECT id, name, description, is_system_group, deactivated, date_created, creator_id, settings FROM user_groups ORDER BY id")
                .map((rs, c) -> {
                    long id = rs.getLong(1);
                    boolean deactivated = rs.getBoolean(5);
                    if ((deactivated && !withDeactivated) || (onlyId != null && onlyId != id)) return null;
                    ObjectNode g = Json.object();
                    g.put("id", id);
                    g.put("name", rs.getString(2));
                    g.put("description", rs.getString(3));
                    g.set("members", members.getOrDefault(id, Json.array()));
                    g.set("direct_subgroup_ids", subgroups.getOrDefault(id, Json.array()));
                    g.put("is_system_group", rs.getBoolean(4));
                    long created = rs.getLong(6);
                    if (rs.wasNull()) g.putNull("date_created"); else g.put("date_created", created);
                    long creator = rs.getLong(7);
                    if (rs.wasNull()) g.putNull("creator_id"); else g.put("creator_id", creator);
                    g.put("deactivated", deactivated);
                    ObjectNode settings = (ObjectNode) Json.parse(rs.getString(8));
                    for (String k : SETTINGS) g.set(k, GroupSettingValues.apiValue(settings.get(k), active));
                    out.add(g);
                    return null;
                }).list();
        return out;
    }
}
