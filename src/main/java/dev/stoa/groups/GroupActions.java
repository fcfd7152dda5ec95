package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.GroupEvent;
import dev.stoa.events.Hints;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;

/**
 * Every write to user groups. Each doX is one transaction that changes state and appends its
 * user_group events, which go to every user (every user sees every group). Events about a
 * deactivated group are marked so that delivery hides them from clients that do not list
 * deactivated groups.
 */
public final class GroupActions {
    /** Another feature's uses of a group in its settings: objections to deactivating it. */
    @FunctionalInterface
    public interface UsageCheck {
        List<ObjectNode> objections(Handle h, long groupId);
    }

    /** Work another feature does around a change of a group's members or subgroups; what before() returns runs after it. */
    @FunctionalInterface
    public interface MembershipHook {
        Runnable before(Tx tx, long groupId);
    }

    /** A realm setting's current value (can_create_groups, can_manage_all_groups: group-setting values), from the realm feature. */
    @FunctionalInterface
    public interface RealmSettings {
        JsonNode current(String name);
    }

    private final Db db;
    private final EventLog log;
    private final GroupStore store;
    private final GroupSettingValues values;
    private final Clock clock;
    /** Features (realm, channels) that object to deactivating a group their settings use. */
    private final List<UsageCheck> usageChecks;
    /** Channels send stream create / delete when a group change shows or hides a private channel. */
    private final List<MembershipHook> membershipHooks;

    private final GroupResolver resolver;
    /** The realm's stored value of a setting (can_create_groups, can_manage_all_groups). */
    private final RealmSettings realmSetting;

    public GroupActions(Db db, EventLog log, GroupStore store, GroupSettingValues values, GroupResolver resolver,
                        RealmSettings realmSetting, Clock clock, List<UsageCheck> usageChecks, List<MembershipHook> membershipHooks) {
        this.resolver = resolver;
        this.realmSetting = realmSetting;
        this.db = db;
        this.log = log;
        this.store = store;
        this.values = values;
        this.clock = clock;
        this.usageChecks = List.copyOf(usageChecks);
        this.membershipHooks = List.copyOf(membershipHooks);
    }

    private List<Runnable> beforeMembershipChange(Tx tx, long groupId) {
        return membershipHooks.stream().map(hook -> hook.before(tx, groupId)).toList();
    }

    public record NewGroup(String name, String description, List<Long> members, List<Long> subgroups, Map<String, JsonNode> settings) {}

    /** POST /user_groups: the realm's can_create_groups, then members, name, settings and subgroups, then the insert. */
    public long checkCreate(User caller, NewGroup n) {
        return db.write(tx -> {
            Handle h = tx.h();
            requireCanCreate(h, caller);
            GroupRules.checkUsers(store, h, n.members());
            GroupRules.checkName(n.name());
            for (var e : n.settings().entrySet()) values.validate(h, e.getValue(), GroupSettingRules.GROUP.get(e.getKey()));
            GroupRules.checkSubgroups(store, h, n.subgroups());
            return create(tx, caller, n);
        });
    }

    /** Zulip's decorator checks can_create_groups before the parameters are parsed: the view asks first, checkCreate again. */
    public void requireCanCreate(User caller) {
        db.read(h -> {
            requireCanCreate(h, caller);
            return null;
        });
    }

    private void requireCanCreate(Handle h, User caller) {
        if (!resolver.hasPermission(h, caller, realmSetting.current("can_create_groups"), GroupSettingRules.REALM.get("can_create_groups"))) {
            throw ApiError.unauthorizedAction();
        }
    }

    /** PATCH /user_groups/{id}: can_manage_group (deactivated groups too, to reactivate them). */
    public void checkUpdate(User caller, long groupId, Update u) {
        db.write(tx -> {
            Group g = forUpdate(tx, caller, groupId, "can_manage_group", true);
            if (u.name() != null && !u.name().equals(g.name())) GroupRules.checkName(u.name());
            for (var e : u.settings().entrySet()) values.validate(tx.h(), e.getValue().newValue(), GroupSettingRules.GROUP.get(e.getKey()));
            update(tx, groupId, u);
            return null;
        });
    }

    public void checkDeactivate(User caller, long groupId) {
        db.write(tx -> {
            forUpdate(tx, caller, groupId, "can_manage_group", false);
            deactivate(tx, groupId);
            return null;
        });
    }

    /**
     * POST /user_groups/{id}/members: joining or adding, leaving or removing each need their own
     * setting; subgroups (which Zulip allows here too) need can_add/remove_members_group.
     */
    public void checkUpdateMembers(User caller, long groupId, List<Long> add, List<Long> delete, List<Long> addSub, List<Long> deleteSub) {
        db.write(tx -> {
            if (!add.isEmpty()) {
                forUpdate(tx, caller, groupId, add.equals(List.of(caller.id())) ? "can_join_group" : "can_add_members_group", true);
                GroupRules.checkUsers(store, tx.h(), add);
            }
            if (!delete.isEmpty()) {
                GroupRules.checkUsers(store, tx.h(), delete);
                forUpdate(tx, caller, groupId, delete.equals(List.of(caller.id())) ? "can_leave_group" : "can_remove_members_group", true);
            }
            checkSubgroupChange(tx, caller, groupId, addSub, deleteSub);
            if (!add.isEmpty() || !delete.isEmpty()) updateMembers(tx, groupId, add, delete);
            if (!addSub.isEmpty() || !deleteSub.isEmpty()) updateSubgroups(tx, groupId, addSub, deleteSub);
            return null;
        });
    }

    /** POST /user_groups/{id}/subgroups. */
    public void checkUpdateSubgroups(User caller, long groupId, List<Long> add, List<Long> delete) {
        db.write(tx -> {
            checkSubgroupChange(tx, caller, groupId, add, delete);
            updateSubgroups(tx, groupId, add, delete);
            return null;
        });
    }

    private void checkSubgroupChange(Tx tx, User caller, long groupId, List<Long> add, List<Long> delete) {
        if (!add.isEmpty()) {
            GroupRules.checkSubgroups(store, tx.h(), add);
            forUpdate(tx, caller, groupId, "can_add_members_group", false);
        }
        if (!delete.isEmpty()) {
            GroupRules.checkSubgroups(store, tx.h(), delete);
            forUpdate(tx, caller, groupId, "can_remove_members_group", false);
        }
    }

    /**
     * For another feature's action (invitations' group_ids), inside its transaction: the caller may
     * add members to the group, by the same rule as POST /user_groups/{id}/members.
     */
    public void requireCanAddMembers(Tx tx, User caller, long groupId) {
        forUpdate(tx, caller, groupId, "can_add_members_group", false);
    }

    /**
     * For another feature's action (sign-up through an invitation), inside its transaction: a user
     * joins the groups chosen earlier, with the usual add_members events. A group deactivated,
     * gone or already holding the user since is skipped: the choice was made before.
     */
    public void addToGroups(Tx tx, long userId, List<Long> groupIds) {
        for (long groupId : new LinkedHashSet<>(groupIds)) {
            var g = store.find(tx.h(), groupId);
            if (g.isEmpty() || g.get().deactivated() || g.get().system()) continue;
            if (store.directMembers(tx.h(), groupId).contains(userId)) continue;
            updateMembers(tx, groupId, List.of(userId), List.of());
        }
    }

    /**
     * Zulip's access_user_group_for_update: the group exists (and is active unless allowed), is not
     * a system group, and the caller may manage all groups, manage this one, or holds `setting`.
     * The row is locked to the end of the transaction on PostgreSQL.
     */
    private Group forUpdate(Tx tx, User a, long groupId, String setting, boolean allowDeactivated) {
        Handle h = tx.h();
        Group g = store.findForUpdate(tx, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
        if (g.deactivated() && !allowDeactivated) throw ApiError.bad("User group is deactivated.");
        if (g.system()) throw ApiError.unauthorizedAction();
        if (resolver.hasPermission(h, a, realmSetting.current("can_manage_all_groups"), GroupSettingRules.REALM.get("can_manage_all_groups"))) return g;
        if (resolver.hasPermission(h, a, g.settings().get("can_manage_group"), GroupSettingRules.GROUP.get("can_manage_group"))) return g;
        if (!setting.equals("can_manage_group")
                && resolver.hasPermission(h, a, g.settings().get(setting), GroupSettingRules.GROUP.get(setting))) return g;
        throw ApiError.unauthorizedAction();
    }

    public long doCreate(User actor, NewGroup n) {
        return db.write(tx -> create(tx, actor, n));
    }

    /*
     * A provisioning system's changes (SCIM, Zulip's ZulipSCIMGroup), inside its own transaction: there is no acting
     * person, so a new group's settings that would default to its creator must be given; names and members are checked
     * as the API's are, and the events are the API's.
     */

    public long createIn(Tx tx, NewGroup n) {
        GroupRules.checkName(n.name());
        GroupRules.checkUsers(store, tx.h(), n.members());
        return create(tx, null, n);
    }

    public void renameIn(Tx tx, long groupId, String name) {
        GroupRules.checkName(name);
        update(tx, groupId, new Update(name, null, Map.of(), false));
    }

    public void updateMembersIn(Tx tx, long groupId, List<Long> add, List<Long> delete) {
        GroupRules.checkUsers(store, tx.h(), add);
        updateMembers(tx, groupId, add, delete);
    }

    public void deactivateIn(Tx tx, long groupId) {
        deactivate(tx, groupId);
    }

    private long create(Tx tx, User actor, NewGroup n) {
        Handle h = tx.h();
        if (store.nameTaken(h, n.name(), -1)) throw ApiError.bad("User group '" + n.name() + "' already exists.");
        ObjectNode settings = Json.object();
        for (var e : GroupSettingRules.GROUP.entrySet()) {
            JsonNode v = n.settings().get(e.getKey());
            if (v == null) v = defaultValue(h, e.getValue().defaultGroupName(), actor);
            settings.set(e.getKey(), v);
        }
        long id = store.insert(tx, n.name(), n.description(), false, clock.instant().getEpochSecond(), actor == null ? null : actor.id(), Json.write(settings));
        store.addMembers(tx, id, n.members());
        store.addSubgroups(tx, id, n.subgroups());
        log.append(tx, new GroupEvent.Add(GroupJson.apiGroup(store, h, id)), Recipients.all());
        return id;
    }

    private JsonNode defaultValue(Handle h, String name, User actor) {
        if (name.equals(GroupSettingRules.GROUP_CREATOR)) {
            if (actor == null) throw new IllegalStateException("a group made without a person gives every creator-default setting");
            return GroupSettingValues.anonymous(List.of(actor.id()), List.of());
        }
        long id = store.systemGroupId(h, name);
        return Json.MAPPER.getNodeFactory().numberNode(id);
    }

    /** A PATCH: reactivation, name, description and settings changes, all or nothing. */
    public record Update(String name, String description, Map<String, GroupSettingValues.Change> settings, boolean reactivate) {}

    public void doUpdate(long groupId, Update u) {
        db.write(tx -> {
            update(tx, groupId, u);
            return null;
        });
    }

    private void update(Tx tx, long groupId, Update u) {
        Handle h = tx.h();
        Group g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
        boolean deactivated = g.deactivated();
        if (u.reactivate() && deactivated) {
            store.set(tx, groupId, "deactivated", false);
            deactivated = false;
            Hints hints = Hints.NONE.withGroup(GroupJson.apiGroup(store, h, groupId));
            log.append(tx, new GroupEvent.Update(groupId, Json.object().put("deactivated", false), hints), Recipients.all());
        }
        if (u.name() != null && !u.name().equals(g.name())) {
            if (store.nameTaken(h, u.name(), groupId)) throw ApiError.bad("User group '" + u.name() + "' already exists.");
            store.set(tx, groupId, "name", u.name());
            log.append(tx, new GroupEvent.Update(groupId, Json.object().put("name", u.name()), marker(deactivated)), Recipients.all());
        }
        if (u.description() != null && !u.description().equals(g.description())) {
            store.set(tx, groupId, "description", u.description());
            log.append(tx, new GroupEvent.Update(groupId, Json.object().put("description", u.description()), marker(deactivated)), Recipients.all());
        }
        updateSettings(tx, g, u.settings(), deactivated);
    }

    private void updateSettings(Tx tx, Group g, Map<String, GroupSettingValues.Change> changes, boolean deactivated) {
        ObjectNode settings = g.settings().deepCopy();
        for (var e : changes.entrySet()) {
            JsonNode current = values.apiValue(tx.h(), settings.get(e.getKey()));
            GroupSettingValues.Change c = e.getValue();
            if (c.old() != null && !GroupSettingValues.equal(c.old(), current)) throw expectationMismatch();
            if (GroupSettingValues.equal(c.newValue(), current)) continue;
            settings.set(e.getKey(), c.newValue());
            ObjectNode data = Json.object();
            data.set(e.getKey(), c.newValue());
            log.append(tx, new GroupEvent.Update(g.id(), data, marker(deactivated)), Recipients.all());
        }
        if (!settings.equals(g.settings())) store.saveSettings(tx, g.id(), settings);
    }

    public static ApiError expectationMismatch() {
        return ApiError.of(ErrorCode.EXPECTATION_MISMATCH, "'old' value does not match the expected value.");
    }

    private static Hints marker(boolean deactivated) {
        return Hints.NONE.withDeactivated(deactivated);
    }

    /** Deactivates a group nobody's settings or active supergroups still use. */
    public void doDeactivate(long groupId) {
        db.write(tx -> {
            deactivate(tx, groupId);
            return null;
        });
    }

    private void deactivate(Tx tx, long groupId) {
        Handle h = tx.h();
        List<ObjectNode> objections = objections(h, groupId);
        if (!objections.isEmpty()) {
            throw ApiError.of(ErrorCode.CANNOT_DEACTIVATE_GROUP_IN_USE, "Cannot deactivate user group in use.").with("objections", objections);
        }
        store.set(tx, groupId, "deactivated", true);
        log.append(tx, new GroupEvent.Update(groupId, Json.object().put("deactivated", true), Hints.NONE), Recipients.all());
    }

    private List<ObjectNode> objections(Handle h, long groupId) {
        List<ObjectNode> out = new ArrayList<>();
        List<Long> supergroups = new ArrayList<>();
        for (long s : store.directSupergroups(h, groupId)) {
            if (store.find(h, s).map(r -> !r.deactivated()).orElse(false)) supergroups.add(s);
        }
        if (!supergroups.isEmpty()) {
            ObjectNode o = Json.object().put("type", "subgroup");
            supergroups.forEach(o.putArray("supergroup_ids")::add);
            out.add(o);
        }
        for (UsageCheck c : usageChecks) out.addAll(c.objections(h, groupId));
        for (Group other : store.all(h)) {
            if (other.deactivated()) continue;
            List<String> settings = new ArrayList<>();
            for (String k : GroupSettingRules.GROUP.keySet()) if (GroupSettingValues.mentions(other.settings().get(k), groupId)) settings.add(k);
            if (settings.isEmpty()) continue;
            ObjectNode o = Json.object().put("type", "user_group").put("group_id", other.id());
            settings.forEach(o.putArray("settings")::add);
            out.add(o);
        }
        return out;
    }

    /** Adds and removes direct members (and, as Zulip allows on this endpoint, subgroups). */
    public void doUpdateMembers(long groupId, List<Long> add, List<Long> delete) {
        db.write(tx -> {
            updateMembers(tx, groupId, add, delete);
            return null;
        });
    }

    private void updateMembers(Tx tx, long groupId, List<Long> add, List<Long> delete) {
        Handle h = tx.h();
        Group g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
        Set<Long> existing = new TreeSet<>(store.directMembers(h, groupId));
        for (long u : add) if (existing.contains(u)) throw ApiError.bad("User " + u + " is already a member of this group");
        Set<Long> active = new TreeSet<>(store.activeDirectMembers(h, groupId));
        for (long u : delete) if (!active.contains(u)) throw ApiError.bad("There is no member '" + u + "' in this user group");
        List<Runnable> after = beforeMembershipChange(tx, groupId);
        if (!add.isEmpty()) {
            store.addMembers(tx, groupId, add);
            log.append(tx, new GroupEvent.AddMembers(groupId, sorted(add), marker(g.deactivated())), Recipients.all());
        }
        if (!delete.isEmpty()) {
            store.removeMembers(tx, groupId, delete);
            log.append(tx, new GroupEvent.RemoveMembers(groupId, sorted(delete), marker(g.deactivated())), Recipients.all());
        }
        after.forEach(Runnable::run);
    }

    /** Adds and removes direct subgroups; a change that would make a cycle is refused here. */
    public void doUpdateSubgroups(long groupId, List<Long> add, List<Long> delete) {
        db.write(tx -> {
            updateSubgroups(tx, groupId, add, delete);
            return null;
        });
    }

    private void updateSubgroups(Tx tx, long groupId, List<Long> add, List<Long> delete) {
        Handle h = tx.h();
        Group g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
        Set<Long> existing = new TreeSet<>(store.directSubgroups(h, groupId));
        if (!add.isEmpty()) {
            for (long s : add) if (existing.contains(s)) throw ApiError.bad("User group " + s + " is already a subgroup of this group.");
            if (store.selfAndRecursiveSubgroups(h, add).contains(groupId)) {
                throw ApiError.bad("User group " + groupId + " is already a subgroup of one of the passed subgroups.");
            }
        }
        for (long s : delete) if (!existing.contains(s)) throw ApiError.bad("User group " + s + " is not a subgroup of this group.");
        List<Runnable> after = beforeMembershipChange(tx, groupId);
        if (!add.isEmpty()) {
            store.addSubgroups(tx, groupId, add);
            log.append(tx, new GroupEvent.AddSubgroups(groupId, sorted(add), marker(g.deactivated())), Recipients.all());
        }
        if (!delete.isEmpty()) {
            store.removeSubgroups(tx, groupId, delete);
            log.append(tx, new GroupEvent.RemoveSubgroups(groupId, sorted(delete), marker(g.deactivated())), Recipients.all());
        }
        after.forEach(Runnable::run);
    }

    private static List<Long> sorted(List<Long> ids) {
        return List.copyOf(new TreeSet<>(ids));
    }
}
