package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.realm.RealmHolder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;

/**
 * A channel's permission settings: group-setting values (a group id, or {direct_members,
 * direct_subgroups}), their defaults, and validation of client-supplied values. Membership is
 * never decided here: groups.GroupResolver.isMember is the one check.
 */
public final class GroupSettings {
    /** Every channel group setting, in the order they are rendered. */
    public static final List<String> CHANNEL_SETTINGS = List.of("can_add_subscribers_group", "can_administer_channel_group",
            "can_create_topic_group", "can_delete_any_message_group", "can_delete_own_message_group",
            "can_move_messages_out_of_channel_group", "can_move_messages_within_channel_group",
            "can_remove_subscribers_group", "can_send_message_group", "can_subscribe_group");

    /** System-group defaults; can_administer_channel_group defaults to the creator (see {@link #defaults}). */
    static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        DEFAULTS.put("can_add_subscribers_group", "role:nobody");
        DEFAULTS.put("can_administer_channel_group", "role:nobody");
        DEFAULTS.put("can_create_topic_group", "role:everyone");
        DEFAULTS.put("can_delete_any_message_group", "role:nobody");
        DEFAULTS.put("can_delete_own_message_group", "role:everyone");
        DEFAULTS.put("can_move_messages_out_of_channel_group", "role:nobody");
        DEFAULTS.put("can_move_messages_within_channel_group", "role:nobody");
        DEFAULTS.put("can_remove_subscribers_group", "role:administrators");
        DEFAULTS.put("can_send_message_group", "role:everyone");
        DEFAULTS.put("can_subscribe_group", "role:nobody");
    }

    private final RealmHolder realm;

    public GroupSettings(RealmHolder realm) {
        this.realm = realm;
    }

    public long systemGroup(String name) {
        return realm.systemGroup(name);
    }

    /** The default values for a new channel created by creatorId (null: no creator). */
    public ObjectNode defaults(Long creatorId) {
        ObjectNode o = Json.object();
        DEFAULTS.forEach((k, v) -> o.put(k, realm.systemGroup(v)));
        if (creatorId != null) {
            ObjectNode admin = Json.object();
            admin.set("direct_members", Json.array().add(creatorId));
            admin.set("direct_subgroups", Json.array());
            o.set("can_administer_channel_group", admin);
        }
        return o;
    }

    /**
     * Validates a client value for a setting and returns its normalized form: a group id, or an
     * object with sorted, distinct members and subgroups (an object naming exactly one subgroup
     * and no members is that group's id; an empty one is role:nobody).
     */
    public JsonNode parse(Handle h, String setting, JsonNode value) {
        if (value == null) throw ApiError.bad("Invalid " + setting);
        if (value.isIntegralNumber()) {
            checkGroup(h, setting, value.longValue());
            return Json.MAPPER.getNodeFactory().numberNode(value.longValue());
        }
        if (!value.isObject()) throw ApiError.bad(setting + " is not an integer or a dict");
        TreeSet<Long> members = ids(value, "direct_members", setting), subgroups = ids(value, "direct_subgroups", setting);
        for (java.util.Iterator<String> it = value.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!k.equals("direct_members") && !k.equals("direct_subgroups")) throw ApiError.bad(setting + " has an unexpected key " + k);
        }
        for (long u : members) {
            Long found = h.createQuery("SELECT COUNT(*) FROM users WHERE id = ? AND NOT is_system_bot").bind(0, u).mapTo(Long.class).one();
            if (found == 0) throw ApiError.bad("Invalid user ID: " + u);
        }
        for (long g : subgroups) checkGroup(h, setting, g);
        if (members.isEmpty() && subgroups.size() == 1) return Json.MAPPER.getNodeFactory().numberNode(subgroups.first());
        if (members.isEmpty() && subgroups.isEmpty()) return Json.MAPPER.getNodeFactory().numberNode(realm.systemGroup("role:nobody"));
        ObjectNode o = Json.object();
        ArrayNode m = o.putArray("direct_members");
        members.forEach(m::add);
        ArrayNode s = o.putArray("direct_subgroups");
        subgroups.forEach(s::add);
        return o;
    }

    private static TreeSet<Long> ids(JsonNode value, String key, String setting) {
        TreeSet<Long> out = new TreeSet<>();
        JsonNode a = value.get(key);
        if (a == null) return out;
        if (!a.isArray()) throw ApiError.bad(setting + "." + key + " is not a list");
        for (JsonNode e : a) {
            if (!e.isIntegralNumber()) throw ApiError.bad(setting + "." + key + " is not a list of integers");
            out.add(e.longValue());
        }
        return out;
    }

    private void checkGroup(Handle h, String setting, long groupId) {
        var row = h.createQuery("SELECT name, is_system_group, deactivated FROM user_groups WHERE id = ?").bind(0, groupId)
                .map((rs, c) -> new Object[] {rs.getString(1), rs.getBoolean(2), rs.getBoolean(3)}).findOne().orElse(null);
        if (row == null) throw ApiError.bad("Invalid user group");
        if ((Boolean) row[2]) throw ApiError.bad("User group is deactivated.");
        if ((Boolean) row[1] && "role:internet".equals(row[0])) {
            throw ApiError.bad("'" + setting + "' setting cannot be set to 'role:internet' group.");
        }
    }

    /** Whether two normalized values are the same setting. */
    public static boolean same(JsonNode a, JsonNode b) {
        return a != null && a.equals(b);
    }
}
