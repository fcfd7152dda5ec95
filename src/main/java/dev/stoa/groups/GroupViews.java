package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The /user_groups endpoints: reads, and for changes a parse and one GroupActions.checkX call
 * (which checks permissions in its transaction).
 */
public final class GroupViews {
    private final GroupQueries queries;
    private final GroupActions actions;
    private final GroupSettingValues values;

    public GroupViews(GroupQueries queries, GroupActions actions, GroupSettingValues values) {
        this.queries = queries;
        this.actions = actions;
        this.values = values;
    }

    /** Zulip's require_member_or_admin: the read endpoints refuse guests and bots. */
    private static void requireMemberOrAdmin(User a) {
        if (a.isGuest()) throw CommonErrors.notAllowedForGuestUsers();
        if (a.isBot()) throw CommonErrors.endpointDoesNotAcceptBotRequests();
    }

    public Object list(Request req) {
        User a = req.user();
        requireMemberOrAdmin(a);
        boolean withDeactivated = req.bool("include_deactivated_groups", false);
        ObjectNode out = Json.success();
        out.set("user_groups", queries.apiGroups(withDeactivated));
        return out;
    }

    public Object create(Request req) {
        actions.requireCanCreate(req.user());
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
        long id = actions.checkCreate(req.user(), new GroupActions.NewGroup(name, description, distinct(members),
                subgroups == null ? List.of() : distinct(subgroups), raw));
        return Json.success().put("group_id", id);
    }

    private static List<Long> distinct(List<Long> ids) {
        return List.copyOf(new LinkedHashSet<>(ids));
    }

    public Object update(Request req) {
        long groupId = req.pathLong("user_group_id");
        String name = req.optStr("name").orElse(null);
        String description = Request.noNul("description", req.optStr("description").orElse(null));
        Map<String, GroupSettingValues.Change> changes = new LinkedHashMap<>();
        for (String k : GroupSettingRules.GROUP.keySet()) {
            JsonNode v = req.json(k);
            if (v != null) changes.put(k, values.parseUpdate(k, v));
        }
        Boolean deactivated = req.optBool("deactivated").orElse(null);
        if (name == null && description == null && changes.isEmpty() && deactivated == null) throw GroupErrors.noNewDataSupplied();
        actions.checkUpdate(req.user(), groupId, new GroupActions.Update(name, description, changes, Boolean.FALSE.equals(deactivated)));
        return Json.success();
    }

    public Object deactivate(Request req) {
        actions.checkDeactivate(req.user(), req.pathLong("user_group_id"));
        return Json.success();
    }

    public Object members(Request req) {
        requireMemberOrAdmin(req.user());
        long groupId = req.pathLong("user_group_id");
        boolean direct = req.bool("direct_member_only", false);
        ObjectNode out = Json.success();
        queries.members(groupId, direct).forEach(out.putArray("members")::add);
        return out;
    }

    public Object isMember(Request req) {
        requireMemberOrAdmin(req.user());
        long groupId = req.pathLong("user_group_id");
        long userId = req.pathLong("user_id");
        boolean direct = req.bool("direct_member_only", false);
        return Json.success().put("is_user_group_member", queries.isMember(groupId, userId, direct));
    }

    public Object subgroups(Request req) {
        requireMemberOrAdmin(req.user());
        long groupId = req.pathLong("user_group_id");
        boolean direct = req.bool("direct_subgroup_only", false);
        ObjectNode out = Json.success();
        queries.subgroups(groupId, direct).forEach(out.putArray("subgroups")::add);
        return out;
    }

    private static List<Long> list(Request req, String name) {
        List<Long> l = req.longList(name);
        return l == null ? List.of() : distinct(l);
    }

    public Object updateMembers(Request req) {
        List<Long> add = list(req, "add"), delete = list(req, "delete");
        List<Long> addSub = list(req, "add_subgroups"), deleteSub = list(req, "delete_subgroups");
        if (add.isEmpty() && delete.isEmpty() && addSub.isEmpty() && deleteSub.isEmpty()) {
            throw GroupErrors.nothingToDoMembersOrSubgroups();
        }
        actions.checkUpdateMembers(req.user(), req.pathLong("user_group_id"), add, delete, addSub, deleteSub);
        return Json.success();
    }

    public Object updateSubgroups(Request req) {
        List<Long> add = list(req, "add"), delete = list(req, "delete");
        if (add.isEmpty() && delete.isEmpty()) throw GroupErrors.nothingToDoMembers();
        actions.checkUpdateSubgroups(req.user(), req.pathLong("user_group_id"), add, delete);
        return Json.success();
    }

    static List<Long> ids(JsonNode n) {
        List<Long> out = new ArrayList<>();
        for (JsonNode e : n) out.add(e.asLong());
        return out;
    }
}
