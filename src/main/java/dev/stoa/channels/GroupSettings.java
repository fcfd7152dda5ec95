package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.groups.Group;
import dev.stoa.groups.GroupErrors;
import dev.stoa.groups.GroupStore;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserStore;
import java.util.Iterator;
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
    private final UserStore users;
    private final GroupStore groups;

    public GroupSettings(RealmHolder realm, UserStore users, GroupStore groups) {
        this.realm = realm;
        this.users = users;
        this.groups = groups;
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
        if (value == null) throw CommonErrors.invalid(setting);
        if (value.isIntegralNumber()) {
            checkGroup(h, setting, value.longValue());
            return Json.MAPPER.getNodeFactory().numberNode(value.longValue());
        }
        if (!value.isObject()) throw ChannelErrors.settingIsNotIntegerOrDict(setting);
        TreeSet<Long> members = ids(value, "direct_members", setting), subgroups = ids(value, "direct_subgroups", setting);
        for (Iterator<String> it = value.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!k.equals("direct_members") && !k.equals("direct_subgroups")) throw ChannelErrors.settingHasUnexpectedKey(setting, k);
        }
        for (long u : members) {
            if (users.byId(h, u).filter(found -> !found.isSystemBot()).isEmpty()) throw CommonErrors.invalidUserId(u);
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
        if (!a.isArray()) throw ChannelErrors.settingIsNotList(setting, key);
        for (JsonNode e : a) {
            if (!e.isIntegralNumber()) throw ChannelErrors.settingIsNotListOfIntegers(setting, key);
            out.add(e.longValue());
        }
        return out;
    }

    private void checkGroup(Handle h, String setting, long groupId) {
        Group row = groups.find(h, groupId).orElse(null);
        if (row == null) throw GroupErrors.invalidUserGroup();
        if (row.deactivated()) throw GroupErrors.userGroupIsDeactivated();
        if (row.system() && "role:internet".equals(row.name())) {
            throw ChannelErrors.settingCannotBeSetToRoleInternet(setting);
        }
    }

    /**
     * Whether two normalized values are the same setting. Compared as JSON text: a stored value
     * reads back as an int node, a parsed one is a long node, and Jackson's equals tells them apart.
     */
    public static boolean same(JsonNode a, JsonNode b) {
        return a != null && b != null && a.toString().equals(b.toString());
    }
}
