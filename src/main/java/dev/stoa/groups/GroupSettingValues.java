package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;

/**
 * The one parser and validator of group-setting values, for every place that accepts one (group,
 * realm and channel settings). A value is a group id or {direct_members, direct_subgroups};
 * values are stored normalized: a lone subgroup becomes its id, an empty object role:nobody.
 */
public final class GroupSettingValues {
    /** An update-style parameter: the new value and the expected current one (null when not given). */
    public record Change(JsonNode newValue, JsonNode old) {}

    /** A system group's id by its name (role:nobody...), as the realm holds them. */
    @FunctionalInterface
    public interface SystemGroupIds {
        long of(String name);
    }

    private final GroupStore store;
    private final SystemGroupIds systemGroups;

    public GroupSettingValues(GroupStore store, SystemGroupIds systemGroups) {
        this.store = store;
        this.systemGroups = systemGroups;
    }

    /** Shape check and normalization, no database access. */
    public JsonNode parse(String param, JsonNode raw) {
        if (raw == null || raw.isNull()) throw ApiError.bad("Invalid " + param);
        if (raw.isIntegralNumber() && raw.canConvertToLong()) return Json.MAPPER.getNodeFactory().numberNode(raw.longValue());
        if (!raw.isObject()) throw ApiError.bad("Invalid " + param);
        for (Iterator<String> it = raw.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!k.equals("direct_members") && !k.equals("direct_subgroups")) throw ApiError.bad("Invalid " + param);
        }
        Set<Long> members = ids(param, raw.get("direct_members")), subgroups = ids(param, raw.get("direct_subgroups"));
        if (members.isEmpty() && subgroups.size() == 1) return Json.MAPPER.getNodeFactory().numberNode(subgroups.iterator().next());
        if (members.isEmpty() && subgroups.isEmpty()) return Json.MAPPER.getNodeFactory().numberNode(systemGroups.of(SystemGroups.NOBODY));
        return anonymous(members, subgroups);
    }

    private static Set<Long> ids(String param, JsonNode list) {
        if (list == null) throw ApiError.bad("Invalid " + param);
        if (!list.isArray()) throw ApiError.bad("Invalid " + param);
        Set<Long> out = new TreeSet<>();
        for (JsonNode n : list) {
            if (!n.isIntegralNumber() || !n.canConvertToLong()) throw ApiError.bad("Invalid " + param);
            out.add(n.longValue());
        }
        return out;
    }

    static ObjectNode anonymous(Iterable<Long> members, Iterable<Long> subgroups) {
        ObjectNode o = Json.object();
        ArrayNode m = o.putArray("direct_members"), s = o.putArray("direct_subgroups");
        members.forEach(m::add);
        subgroups.forEach(s::add);
        return o;
    }

    /** An update-style parameter {new, old}; both parsed and normalized. */
    public Change parseUpdate(String param, JsonNode raw) {
        if (raw == null || !raw.isObject()) throw ApiError.bad(param + " is not a dict");
        if (!raw.has("new")) throw ApiError.bad(param + "[\"new\"] field is missing");
        for (Iterator<String> it = raw.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!k.equals("new") && !k.equals("old")) throw ApiError.bad("Invalid " + param);
        }
        JsonNode old = raw.has("old") ? parse(param, raw.get("old")) : null;
        return new Change(parse(param, raw.get("new")), old);
    }

    /** Checks a parsed value against the database and the setting's rule; returns it. */
    public JsonNode validate(Handle h, JsonNode value, GroupSettingRule rule) {
        String setting = rule.name();
        if (value.isIntegralNumber()) {
            Group g = store.find(h, value.longValue()).orElseThrow(() -> ApiError.bad("Invalid user group"));
            if (g.deactivated()) throw ApiError.bad("User group is deactivated.");
            checkSystemGroup(g, rule);
            return value;
        }
        if (rule.requireSystemGroup()) throw ApiError.bad("'" + setting + "' must be a system user group.");
        List<Long> members = longs(value.get("direct_members"));
        Set<Long> active = store.activeUsers(h, members);
        for (long m : members) if (!active.contains(m)) throw ApiError.bad("Invalid user ID: " + m);
        for (long s : longs(value.get("direct_subgroups"))) {
            Group g = store.find(h, s).orElseThrow(() -> ApiError.bad("Invalid user group ID: " + s));
            if (g.deactivated()) throw ApiError.bad("User group is deactivated.");
        }
        return value;
    }

    private static void checkSystemGroup(Group g, GroupSettingRule rule) {
        String setting = rule.name();
        if (rule.requireSystemGroup() && !g.system()) throw ApiError.bad("'" + setting + "' must be a system user group.");
        if (!g.system()) return;
        boolean refused = (!rule.allowInternetGroup() && g.name().equals(SystemGroups.INTERNET))
                || (!rule.allowNobodyGroup() && g.name().equals(SystemGroups.NOBODY))
                || (!rule.allowEveryoneGroup() && g.name().equals(SystemGroups.EVERYONE))
                || (!rule.allowedSystemGroups().isEmpty() && !rule.allowedSystemGroups().contains(g.name()))
                || rule.forbidden().contains(g.name());
        if (refused) throw ApiError.bad("'" + setting + "' setting cannot be set to '" + g.name() + "' group.");
    }

    public JsonNode parseAndValidate(Handle h, String param, JsonNode raw, GroupSettingRule rule) {
        return validate(h, parse(param, raw), rule);
    }

    static List<Long> longs(JsonNode list) {
        List<Long> out = new ArrayList<>();
        if (list != null) for (JsonNode n : list) out.add(n.longValue());
        return out;
    }

    /** Whether two normalized values are the same setting (object forms compare as sets). */
    public static boolean equal(JsonNode a, JsonNode b) {
        if (a == null || b == null) return a == b;
        if (a.isIntegralNumber() && b.isIntegralNumber()) return a.longValue() == b.longValue();
        if (a.isObject() && b.isObject()) {
            return new TreeSet<>(longs(a.get("direct_members"))).equals(new TreeSet<>(longs(b.get("direct_members"))))
                    && new TreeSet<>(longs(a.get("direct_subgroups"))).equals(new TreeSet<>(longs(b.get("direct_subgroups"))));
        }
        return false;
    }

    /** The value as the API shows it: deactivated users are left out of direct_members. */
    public static JsonNode apiValue(JsonNode stored, Set<Long> activeUsers) {
        if (stored == null || !stored.isObject()) return stored;
        List<Long> members = new ArrayList<>();
        for (long m : longs(stored.get("direct_members"))) if (activeUsers.contains(m)) members.add(m);
        return anonymous(members, longs(stored.get("direct_subgroups")));
    }

    /** The value as the API shows it, reading which users are active. */
    public JsonNode apiValue(Handle h, JsonNode stored) {
        if (stored == null || !stored.isObject()) return stored;
        return apiValue(stored, store.activeUsers(h, longs(stored.get("direct_members"))));
    }

    /** Whether a value names this group directly or as a direct subgroup (deactivation objections). */
    public static boolean mentions(JsonNode value, long groupId) {
        if (value == null) return false;
        if (value.isIntegralNumber()) return value.longValue() == groupId;
        return longs(value.get("direct_subgroups")).contains(groupId);
    }
}
