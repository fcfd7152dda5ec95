package dev.stoa.groups;

import dev.stoa.identity.User;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jdbi.v3.core.Handle;

/**
 * The /user_groups endpoints: parse, validate and check permissions (Zulip's rules: the realm's
 * can_manage_all_groups and the group's can_manage_group allow everything; joining, leaving,
 * adding and removing members each have their own group setting; system groups are managed by
 * roles only), then one GroupActions call.
 */
public final class GroupViews {
    private static final int MAX_NAME_LENGTH = 100;
    private static final List<String> INVALID_PREFIXES = List.of("@", "role:", "user:", "stream:", "channel:");

    private final Db db;
    private final GroupStore store;
    private final GroupActions actions;
    private final GroupSettingValues values;
    private final GroupResolver resolver;
    private final Function<String, JsonNode> realmSetting;

    public GroupViews(Db db, GroupStore store, GroupActions actions, GroupSettingValues values, GroupResolver resolver, Function<String, JsonNode> realmSetting) {
        this.db = db;
        this.store = store;
        this.actions = actions;
        this.values = values;
        this.resolver = resolver;
        this.realmSetting = realmSetting;
    }

    /** Zulip's require_member_or_admin: the read endpoints refuse guests and bots. */
    private static void requireMemberOrAdmin(User a) {
        if (a.isGuest()) throw ApiError.bad("Not allowed for guest users");
        if (a.isBot()) throw ApiError.bad("This endpoint does not accept bot requests.");
    }

    public Object list(Request req) {
        User a = req.user();
        requireMemberOrAdmin(a);
        boolean withDeactivated = req.bool("include_deactivated_groups", false);
        return db.read(h -> {
            ObjectNode out = Json.success();
            out.set("user_groups", GroupState.groups(h, withDeactivated, null));
            return out;
        });
    }

    /** PostgreSQL text cannot hold NUL; refuse it in every free-text parameter (SQLite would store it). */
    static String checkName(String name) {
        Request.noNul("name", name);
        if (name.strip().isEmpty()) throw ApiError.bad("User group name can't be empty!");
        if (name.length() > MAX_NAME_LENGTH) throw ApiError.bad("User group name cannot exceed " + MAX_NAME_LENGTH + " characters.");
        for (String p : INVALID_PREFIXES) {
            if (name.startsWith(p)) throw ApiError.bad("User group name cannot start with '" + p + "'.");
        }
        return name;
    }

    public Object create(Request req) {
        User a = req.user();
        // Zulip's decorator checks can_create_groups before the parameters are parsed
        db.read(h -> {
            if (!resolver.hasPermission(h, a, realmSetting.apply("can_create_groups"), GroupSettingRules.REALM.get("can_create_groups"))) {
                throw ApiError.unauthorizedAction();
            }
            return null;
        });
        String name = req.str("name");
        String description = Request.noNul("description", req.str("description"));
        List<Long> members = req.longList("members");
        if (members == null) throw ApiError.missing("members");
        List<Long> subgroups = req.longList("subgroups");
        Map<String, JsonNode> raw = new LinkedHashMap<>();
        for (String k : GroupSettingRules.GROUP.keySet()) {
            JsonNode v = req.json(k);
            if (v != null) raw.put(k, values.parse(k, v));
        }
        long id = db.read(h -> {
            checkUsers(h, members);
            checkName(name);
            for (var e : raw.entrySet()) values.validate(h, e.getValue(), GroupSettingRules.GROUP.get(e.getKey()));
            checkSubgroups(h, subgroups == null ? List.of() : subgroups);
            return 0L;
        });
        id = actions.doCreate(a, new GroupActions.NewGroup(name, description, distinct(members),
                subgroups == null ? List.of() : distinct(subgroups), raw));
        return Json.success().put("group_id", id);
    }

    private static List<Long> distinct(List<Long> ids) {
        return List.copyOf(new java.util.LinkedHashSet<>(ids));
    }

    /** Zulip's user_ids_to_users: every id an active user of the realm. */
    private void checkUsers(Handle h, List<Long> ids) {
        Set<Long> active = store.activeUsers(h, ids);
        for (long u : ids) if (!active.contains(u)) throw ApiError.bad("Invalid user ID: " + u);
    }

    private void checkSubgroups(Handle h, List<Long> ids) {
        for (long s : ids) {
            GroupStore.Row g = store.find(h, s).orElseThrow(() -> ApiError.bad("Invalid user group ID: " + s));
            if (g.deactivated()) throw ApiError.bad("User group is deactivated.");
        }
    }

    /**
     * Zulip's access_user_group_for_update: the group exists (and is active unless allowed), is not
     * a system group, and the actor may manage all groups, manage this one, or holds `setting`.
     */
    private GroupStore.Row forUpdate(Handle h, User a, long groupId, String setting, boolean allowDeactivated) {
        GroupStore.Row g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
        if (g.deactivated() && !allowDeactivated) throw ApiError.bad("User group is deactivated.");
        if (g.system()) throw ApiError.unauthorizedAction();
        if (resolver.hasPermission(h, a, realmSetting.apply("can_manage_all_groups"), GroupSettingRules.REALM.get("can_manage_all_groups"))) return g;
        if (resolver.hasPermission(h, a, g.settings().get("can_manage_group"), GroupSettingRules.GROUP.get("can_manage_group"))) return g;
        if (!setting.equals("can_manage_group")
                && resolver.hasPermission(h, a, g.settings().get(setting), GroupSettingRules.GROUP.get(setting))) return g;
        throw ApiError.unauthorizedAction();
    }

    public Object update(Request req) {
        User a = req.user();
        long groupId = req.pathLong("user_group_id");
        String name = req.optStr("name").orElse(null);
        String description = Request.noNul("description", req.optStr("description").orElse(null));
        Map<String, GroupSettingValues.Change> changes = new LinkedHashMap<>();
        for (String k : GroupSettingRules.GROUP.keySet()) {
            JsonNode v = req.json(k);
            if (v != null) changes.put(k, values.parseUpdate(k, v));
        }
        Boolean deactivated = req.optBool("deactivated").orElse(null);
        if (name == null && description == null && changes.isEmpty() && deactivated == null) throw ApiError.bad("No new data supplied");
        db.read(h -> {
            GroupStore.Row g = forUpdate(h, a, groupId, "can_manage_group", true);
            if (name != null && !name.equals(g.name())) checkName(name);
            for (var e : changes.entrySet()) values.validate(h, e.getValue().newValue(), GroupSettingRules.GROUP.get(e.getKey()));
            return null;
        });
        actions.doUpdate(groupId, new GroupActions.Update(name, description, changes, Boolean.FALSE.equals(deactivated)));
        return Json.success();
    }

    public Object deactivate(Request req) {
        User a = req.user();
        long groupId = req.pathLong("user_group_id");
        db.read(h -> forUpdate(h, a, groupId, "can_manage_group", false));
        actions.doDeactivate(groupId);
        return Json.success();
    }

    /** Zulip's access_user_group_to_read_membership. */
    private GroupStore.Row forRead(Handle h, long groupId) {
        GroupStore.Row g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
        if (g.deactivated()) throw ApiError.bad("User group is deactivated.");
        return g;
    }

    public Object members(Request req) {
        requireMemberOrAdmin(req.user());
        long groupId = req.pathLong("user_group_id");
        boolean direct = req.bool("direct_member_only", false);
        return db.read(h -> {
            forRead(h, groupId);
            ObjectNode out = Json.success();
            (direct ? store.activeDirectMembers(h, groupId) : store.membersRecursive(h, groupId)).forEach(out.putArray("members")::add);
            return out;
        });
    }

    public Object isMember(Request req) {
        requireMemberOrAdmin(req.user());
        long groupId = req.pathLong("user_group_id");
        long userId = req.pathLong("user_id");
        boolean direct = req.bool("direct_member_only", false);
        return db.read(h -> {
            forRead(h, groupId);
            boolean exists = h.createQuery("SELECT COUNT(*) FROM users WHERE id = ? AND NOT is_system_bot").bind(0, userId).mapTo(Long.class).one() > 0;
            if (!exists) throw ApiError.bad("No such user");
            List<Long> members = direct ? store.activeDirectMembers(h, groupId) : store.membersRecursive(h, groupId);
            return Json.success().put("is_user_group_member", members.contains(userId));
        });
    }

    public Object subgroups(Request req) {
        requireMemberOrAdmin(req.user());
        long groupId = req.pathLong("user_group_id");
        boolean direct = req.bool("direct_subgroup_only", false);
        return db.read(h -> {
            forRead(h, groupId);
            ObjectNode out = Json.success();
            (direct ? store.directSubgroups(h, groupId) : store.recursiveSubgroups(h, groupId)).forEach(out.putArray("subgroups")::add);
            return out;
        });
    }

    private static List<Long> list(Request req, String name) {
        List<Long> l = req.longList(name);
        return l == null ? List.of() : distinct(l);
    }

    public Object updateMembers(Request req) {
        User a = req.user();
        long groupId = req.pathLong("user_group_id");
        List<Long> add = list(req, "add"), delete = list(req, "delete");
        List<Long> addSub = list(req, "add_subgroups"), deleteSub = list(req, "delete_subgroups");
        if (add.isEmpty() && delete.isEmpty() && addSub.isEmpty() && deleteSub.isEmpty()) {
            throw ApiError.bad("Nothing to do. Specify at least one of \"add\", \"delete\", \"add_subgroups\" or \"delete_subgroups\".");
        }
        db.read(h -> {
            if (!add.isEmpty()) {
                forUpdate(h, a, groupId, add.equals(List.of(a.id())) ? "can_join_group" : "can_add_members_group", true);
                checkUsers(h, add);
            }
            if (!delete.isEmpty()) {
                checkUsers(h, delete);
                forUpdate(h, a, groupId, delete.equals(List.of(a.id())) ? "can_leave_group" : "can_remove_members_group", true);
            }
            checkSubgroupChange(h, a, groupId, addSub, deleteSub);
            return null;
        });
        if (!add.isEmpty() || !delete.isEmpty()) actions.doUpdateMembers(groupId, add, delete);
        if (!addSub.isEmpty() || !deleteSub.isEmpty()) actions.doUpdateSubgroups(groupId, addSub, deleteSub);
        return Json.success();
    }

    private void checkSubgroupChange(Handle h, User a, long groupId, List<Long> add, List<Long> delete) {
        if (!add.isEmpty()) {
            checkSubgroups(h, add);
            forUpdate(h, a, groupId, "can_add_members_group", false);
        }
        if (!delete.isEmpty()) {
            checkSubgroups(h, delete);
            forUpdate(h, a, groupId, "can_remove_members_group", false);
        }
    }

    public Object updateSubgroups(Request req) {
        User a = req.user();
        long groupId = req.pathLong("user_group_id");
        List<Long> add = list(req, "add"), delete = list(req, "delete");
        if (add.isEmpty() && delete.isEmpty()) throw ApiError.bad("Nothing to do. Specify at least one of \"add\" or \"delete\".");
        db.read(h -> {
            checkSubgroupChange(h, a, groupId, add, delete);
            return null;
        });
        actions.doUpdateSubgroups(groupId, add, delete);
        return Json.success();
    }

    static List<Long> ids(JsonNode n) {
        List<Long> out = new ArrayList<>();
        for (JsonNode e : n) out.add(e.asLong());
        return out;
    }
}
