package dev.stoa.groups;

import dev.stoa.identity.User;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.GroupEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import java.time.Clock;
import java.util.ArrayList;
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

    private final Db db;
    private final EventLog log;
    private final GroupStore store;
    private final GroupSettingValues values;
    private final Clock clock;
    /** Features (realm, channels) that object to deactivating a group their settings use. */
    private final List<UsageCheck> usageChecks;
    /** Channels send stream create / delete when a group change shows or hides a private channel. */
    private final List<MembershipHook> membershipHooks;

    public GroupActions(Db db, EventLog log, GroupStore store, GroupSettingValues values, Clock clock, List<UsageCheck> usageChecks,
                        List<MembershipHook> membershipHooks) {
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

    public long doCreate(User actor, NewGroup n) {
        return db.write(tx -> {
            Handle h = tx.h();
            if (store.nameTaken(h, n.name(), -1)) throw ApiError.bad("User group '" + n.name() + "' already exists.");
            ObjectNode settings = Json.object();
            for (var e : GroupSettingRules.GROUP.entrySet()) {
                JsonNode v = n.settings().get(e.getKey());
                if (v == null) v = defaultValue(h, e.getValue().defaultGroupName(), actor);
                settings.set(e.getKey(), v);
            }
            long id = store.insert(h, n.name(), n.description(), false, clock.instant().getEpochSecond(), actor.id(), Json.write(settings));
            store.addMembers(h, id, n.members());
            store.addSubgroups(h, id, n.subgroups());
            log.append(tx, new GroupEvent.Add(GroupState.groups(h, true, id).get(0).deepCopy()), Recipients.all());
            return id;
        });
    }

    private static JsonNode defaultValue(Handle h, String name, User actor) {
        if (name.equals(GroupSettingRules.GROUP_CREATOR)) return GroupSettingValues.anonymous(List.of(actor.id()), List.of());
        long id = h.createQuery("SELECT id FROM user_groups WHERE is_system_group AND name = ?").bind(0, name).mapTo(Long.class).one();
        return Json.MAPPER.getNodeFactory().numberNode(id);
    }

    /** A PATCH: reactivation, name, description and settings changes, all or nothing. */
    public record Update(String name, String description, Map<String, GroupSettingValues.Change> settings, boolean reactivate) {}

    public void doUpdate(long groupId, Update u) {
        db.write(tx -> {
            Handle h = tx.h();
            GroupStore.Row g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
            boolean deactivated = g.deactivated();
            if (u.reactivate() && deactivated) {
                store.set(h, groupId, "deactivated", false);
                deactivated = false;
                ObjectNode extras = Json.object();
                extras.set("__group", GroupState.groups(h, true, groupId).get(0));
                log.append(tx, new GroupEvent.Update(groupId, Json.object().put("deactivated", false), extras), Recipients.all());
            }
            if (u.name() != null && !u.name().equals(g.name())) {
                if (store.nameTaken(h, u.name(), groupId)) throw ApiError.bad("User group '" + u.name() + "' already exists.");
                store.set(h, groupId, "name", u.name());
                log.append(tx, new GroupEvent.Update(groupId, Json.object().put("name", u.name()), marker(deactivated)), Recipients.all());
            }
            if (u.description() != null && !u.description().equals(g.description())) {
                store.set(h, groupId, "description", u.description());
                log.append(tx, new GroupEvent.Update(groupId, Json.object().put("description", u.description()), marker(deactivated)), Recipients.all());
            }
            updateSettings(tx, g, u.settings(), deactivated);
            return null;
        });
    }

    private void updateSettings(Tx tx, GroupStore.Row g, Map<String, GroupSettingValues.Change> changes, boolean deactivated) {
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
        store.saveSettings(tx.h(), g.id(), settings);
    }

    public static ApiError expectationMismatch() {
        return ApiError.of(ErrorCode.EXPECTATION_MISMATCH, "'old' value does not match the expected value.");
    }

    private static ObjectNode marker(boolean deactivated) {
        return deactivated ? Json.object().put("__deactivated", true) : null;
    }

    /** Deactivates a group nobody's settings or active supergroups still use. */
    public void doDeactivate(long groupId) {
        db.write(tx -> {
            Handle h = tx.h();
            List<ObjectNode> objections = objections(h, groupId);
            if (!objections.isEmpty()) {
                throw ApiError.of(ErrorCode.CANNOT_DEACTIVATE_GROUP_IN_USE, "Cannot deactivate user group in use.").with("objections", objections);
            }
            store.set(h, groupId, "deactivated", true);
            log.append(tx, new GroupEvent.Update(groupId, Json.object().put("deactivated", true), null), Recipients.all());
            return null;
        });
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
        for (GroupStore.Row other : store.all(h)) {
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
            Handle h = tx.h();
            GroupStore.Row g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
            Set<Long> existing = new TreeSet<>(store.directMembers(h, groupId));
            for (long u : add) if (existing.contains(u)) throw ApiError.bad("User " + u + " is already a member of this group");
            Set<Long> active = new TreeSet<>(store.activeDirectMembers(h, groupId));
            for (long u : delete) if (!active.contains(u)) throw ApiError.bad("There is no member '" + u + "' in this user group");
            List<Runnable> after = beforeMembershipChange(tx, groupId);
            if (!add.isEmpty()) {
                store.addMembers(h, groupId, add);
                log.append(tx, new GroupEvent.AddMembers(groupId, sorted(add), marker(g.deactivated())), Recipients.all());
            }
            if (!delete.isEmpty()) {
                store.removeMembers(h, groupId, delete);
                log.append(tx, new GroupEvent.RemoveMembers(groupId, sorted(delete), marker(g.deactivated())), Recipients.all());
            }
            after.forEach(Runnable::run);
            return null;
        });
    }

    /** Adds and removes direct subgroups; a change that would make a cycle is refused here. */
    public void doUpdateSubgroups(long groupId, List<Long> add, List<Long> delete) {
        db.write(tx -> {
            Handle h = tx.h();
            GroupStore.Row g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
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
                store.addSubgroups(h, groupId, add);
                log.append(tx, new GroupEvent.AddSubgroups(groupId, sorted(add), marker(g.deactivated())), Recipients.all());
            }
            if (!delete.isEmpty()) {
                store.removeSubgroups(h, groupId, delete);
                log.append(tx, new GroupEvent.RemoveSubgroups(groupId, sorted(delete), marker(g.deactivated())), Recipients.all());
            }
            after.forEach(Runnable::run);
            return null;
        });
    }

    private static List<Long> sorted(List<Long> ids) {
        return List.copyOf(new TreeSet<>(ids));
    }
}
