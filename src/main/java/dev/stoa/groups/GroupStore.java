package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Dialect;
import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.http.Json;
import java.util.ArrayList;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import org.jdbi.v3.core.Handle;

/**
 * SQL for user groups, their direct members and direct subgroups. Its writes append
 * {@link dev.stoa.events.RowsChanged} (user_groups, the group's id) in the writing transaction: the
 * caches of groups (GroupCache, RenderData) follow it.
 */
public final class GroupStore {
    private final EventLog log;

    public GroupStore(EventLog log) {
        this.log = log;
    }

    /** The given groups (<ids>) and their subgroups, through active groups only: the groups that grant their members. */
    private static final String GRANTING_TREE = """
            WITH RECURSIVE g(id) AS (
                SELECT id FROM user_groups WHERE id IN (<ids>) AND NOT deactivated
                UNION SELECT s.subgroup_id FROM group_subgroups s JOIN g ON s.group_id = g.id
                    JOIN user_groups sg ON sg.id = s.subgroup_id AND NOT sg.deactivated)
            """;

    private static final String ROW = "SELECT id, name, description, is_system_group, deactivated, date_created, creator_id, settings FROM user_groups";

    private static Group group(ResultSet rs) throws SQLException {
        long created = rs.getLong(6);
        Long dateCreated = rs.wasNull() ? null : created;
        long creator = rs.getLong(7);
        Long creatorId = rs.wasNull() ? null : creator;
        return new Group(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4), rs.getBoolean(5), dateCreated, creatorId,
                (ObjectNode) Json.parse(rs.getString(8)));
    }

    /**
     * The groups (or only one) with what the API's UserGroup shows of each: active direct members
     * and direct subgroups by group id, and the active users (a setting's members are filtered by them).
     */
    public record Listing(List<Group> groups, Map<Long, List<Long>> members, Map<Long, List<Long>> subgroups, Set<Long> activeUsers) {}

    public long insert(Tx tx, String name, String description, boolean system, long now, Long creatorId, String settingsJson) {
        long id = tx.h().createUpdate("INSERT INTO user_groups (name, description, is_system_group, date_created, creator_id, settings) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(0, name).bind(1, description).bind(2, system).bind(3, now).bind(4, creatorId).bind(5, settingsJson)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        log.rowsChanged(tx, CachedTable.USER_GROUPS, List.of(id));
        return id;
    }

    public Optional<Group> find(Handle h, long id) {
        return h.createQuery(ROW + " WHERE id = ?").bind(0, id).map((rs, c) -> group(rs)).findOne();
    }

    /** The group, its row locked to the end of the transaction on PostgreSQL (SQLite's single writer already serializes). */
    public Optional<Group> findForUpdate(Tx tx, long id) {
        String lock = tx.dialect() == Dialect.POSTGRES ? " FOR UPDATE" : "";
        return tx.h().createQuery(ROW + " WHERE id = ?" + lock).bind(0, id).map((rs, c) -> group(rs)).findOne();
    }

    public List<Group> all(Handle h) {
        return h.createQuery(ROW + " ORDER BY id").map((rs, c) -> group(rs)).list();
    }

    public boolean nameTaken(Handle h, String name, long exceptId) {
        return h.createQuery("SELECT COUNT(*) FROM user_groups WHERE name = ? AND id <> ?").bind(0, name).bind(1, exceptId)
                .mapTo(Long.class).one() > 0;
    }

    /** The active (not deactivated) group with exactly this name (mentions inside a send's transaction). */
    public Optional<Group> activeByName(Handle h, String name) {
        return h.createQuery(ROW + " WHERE name = ? AND NOT deactivated").bind(0, name).map((rs, c) -> group(rs)).findOne();
    }

    /** Sets one column; `column` is a constant from the calling action, never user input. */
    public void set(Tx tx, long id, String column, Object value) {
        tx.h().createUpdate("UPDATE user_groups SET " + column + " = ? WHERE id = ?").bind(0, value).bind(1, id).execute();
        log.rowsChanged(tx, CachedTable.USER_GROUPS, List.of(id));
    }

    public void saveSettings(Tx tx, long id, ObjectNode settings) {
        set(tx, id, "settings", Json.write(settings));
    }

    public void addMembers(Tx tx, long groupId, Collection<Long> userIds) {
        if (userIds.isEmpty()) return;
        var batch = tx.h().prepareBatch("INSERT INTO group_members (group_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING");
        for (long u : userIds) batch.bind(0, groupId).bind(1, u).add();
        batch.execute();
        log.rowsChanged(tx, CachedTable.USER_GROUPS, List.of(groupId));
    }

    public void removeMembers(Tx tx, long groupId, Collection<Long> userIds) {
        if (userIds.isEmpty()) return;
        tx.h().createUpdate("DELETE FROM group_members WHERE group_id = :g AND user_id IN (<ids>)")
                .bind("g", groupId).bindList("ids", List.copyOf(userIds)).execute();
        log.rowsChanged(tx, CachedTable.USER_GROUPS, List.of(groupId));
    }

    public void addSubgroups(Tx tx, long groupId, Collection<Long> subgroupIds) {
        if (subgroupIds.isEmpty()) return;
        var batch = tx.h().prepareBatch("INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?) ON CONFLICT DO NOTHING");
        for (long s : subgroupIds) batch.bind(0, groupId).bind(1, s).add();
        batch.execute();
        log.rowsChanged(tx, CachedTable.USER_GROUPS, List.of(groupId));
    }

    public void removeSubgroups(Tx tx, long groupId, Collection<Long> subgroupIds) {
        if (subgroupIds.isEmpty()) return;
        tx.h().createUpdate("DELETE FROM group_subgroups WHERE group_id = :g AND subgroup_id IN (<ids>)")
                .bind("g", groupId).bindList("ids", List.copyOf(subgroupIds)).execute();
        log.rowsChanged(tx, CachedTable.USER_GROUPS, List.of(groupId));
    }

    public List<Long> directMembers(Handle h, long groupId) {
        return h.createQuery("SELECT user_id FROM group_members WHERE group_id = ? ORDER BY user_id").bind(0, groupId).mapTo(Long.class).list();
    }

    /** Direct members who are active users (what the API shows). */
    public List<Long> activeDirectMembers(Handle h, long groupId) {
        return h.createQuery("SELECT m.user_id FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = ? AND u.is_active ORDER BY m.user_id")
                .bind(0, groupId).mapTo(Long.class).list();
    }

    public List<Long> directSubgroups(Handle h, long groupId) {
        return h.createQuery("SELECT subgroup_id FROM group_subgroups WHERE group_id = ? ORDER BY subgroup_id").bind(0, groupId).mapTo(Long.class).list();
    }

    /** Groups that have this one as a direct subgroup. */
    public List<Long> directSupergroups(Handle h, long groupId) {
        return h.createQuery("SELECT group_id FROM group_subgroups WHERE subgroup_id = ? ORDER BY group_id").bind(0, groupId).mapTo(Long.class).list();
    }

    /** The given groups and every group below them (deactivated or not): the cycle check at write time. */
    public Set<Long> selfAndRecursiveSubgroups(Handle h, Collection<Long> groupIds) {
        if (groupIds.isEmpty()) return Set.of();
        return new HashSet<>(h.createQuery("""
                WITH RECURSIVE g(id) AS (
                    SELECT id FROM user_groups WHERE id IN (<ids>)
                    UNION SELECT s.subgroup_id FROM group_subgroups s JOIN g ON s.group_id = g.id)
                SELECT id FROM g""").bindList("ids", List.copyOf(groupIds)).mapTo(Long.class).list());
    }

    /** Every group strictly below this one, sorted. */
    public List<Long> recursiveSubgroups(Handle h, long groupId) {
        return h.createQuery("""
                WITH RECURSIVE g(id) AS (
                    SELECT subgroup_id FROM group_subgroups WHERE group_id = ?
                    UNION SELECT s.subgroup_id FROM group_subgroups s JOIN g ON s.group_id = g.id)
                SELECT id FROM g ORDER BY id""").bind(0, groupId).mapTo(Long.class).list();
    }

    /**
     * Whether an active user is a member of any of the given groups through chains of subgroups;
     * deactivated groups grant nothing and are not traversed.
     */
    public boolean isMemberRecursive(Handle h, long userId, Collection<Long> groupIds) {
        if (groupIds.isEmpty()) return false;
        return h.createQuery(GRANTING_TREE + """
                SELECT COUNT(*) FROM group_members m JOIN g ON m.group_id = g.id JOIN users u ON u.id = m.user_id
                WHERE m.user_id = :u AND u.is_active""")
                .bindList("ids", List.copyOf(groupIds)).bind("u", userId).mapTo(Long.class).one() > 0;
    }

    /** The single-group form, without list templating, so the statement text is constant (and cached). */
    public boolean isMemberRecursive(Handle h, long userId, long groupId) {
        return h.createQuery("""
                WITH RECURSIVE g(id) AS (
                    SELECT id FROM user_groups WHERE id = ? AND NOT deactivated
                    UNION SELECT s.subgroup_id FROM group_subgroups s JOIN g ON s.group_id = g.id
                        JOIN user_groups sg ON sg.id = s.subgroup_id AND NOT sg.deactivated)
                SELECT EXISTS (SELECT 1 FROM group_members m JOIN g ON m.group_id = g.id JOIN users u ON u.id = m.user_id
                WHERE m.user_id = ? AND u.is_active)""")
                .bind(0, groupId).bind(1, userId).mapTo(Boolean.class).one();
    }

    /** Every active user in the group through any chain of subgroups. */
    public List<Long> membersRecursive(Handle h, long groupId) {
        return h.createQuery("""
                WITH RECURSIVE g(id) AS (
                    SELECT CAST(? AS BIGINT)
                    UNION SELECT s.subgroup_id FROM group_subgroups s JOIN g ON s.group_id = g.id)
                SELECT DISTINCT m.user_id FROM group_members m JOIN g ON m.group_id = g.id JOIN users u ON u.id = m.user_id
                WHERE u.is_active ORDER BY m.user_id""")
                .bind(0, groupId).mapTo(Long.class).list();
    }

    /** Which of these ids are active users (for validating members and setting values). */
    public Set<Long> activeUsers(Handle h, Collection<Long> ids) {
        if (ids.isEmpty()) return Set.of();
        return new HashSet<>(h.createQuery("SELECT id FROM users WHERE is_active AND id IN (<ids>)")
                .bindList("ids", List.copyOf(ids)).mapTo(Long.class).list());
    }

    public boolean isActiveUser(Handle h, long id) {
        return !activeUsers(h, List.of(id)).isEmpty();
    }

    public Set<Long> allActiveUsers(Handle h) {
        return new HashSet<>(h.createQuery("SELECT id FROM users WHERE is_active").mapTo(Long.class).list());
    }

    /** The group and every group above it (its supergroups, recursively). */
    public Set<Long> selfAndRecursiveSupergroups(Handle h, long groupId) {
        return new HashSet<>(h.createQuery("""
                WITH RECURSIVE g(id) AS (
                    SELECT CAST(? AS BIGINT)
                    UNION SELECT s.group_id FROM group_subgroups s JOIN g ON s.subgroup_id = g.id)
                SELECT id FROM g""").bind(0, groupId).mapTo(Long.class).list());
    }

    /**
     * Active users a group-setting value grants (a group id, or direct members and subgroups),
     * read from this handle's state: as the resolver decides, deactivated groups grant nothing.
     */
    public Set<Long> grantedBy(Handle h, JsonNode value) {
        if (value == null || value.isNull()) return Set.of();
        List<Long> groups = new ArrayList<>();
        Set<Long> out = new HashSet<>();
        if (value.isIntegralNumber()) groups.add(value.longValue());
        for (var g : value.path("direct_subgroups")) groups.add(g.asLong());
        List<Long> direct = new ArrayList<>();
        for (var m : value.path("direct_members")) direct.add(m.asLong());
        out.addAll(activeUsers(h, direct));
        if (groups.isEmpty()) return out;
        out.addAll(h.createQuery(GRANTING_TREE + """
                SELECT DISTINCT m.user_id FROM group_members m JOIN g ON m.group_id = g.id JOIN users u ON u.id = m.user_id
                WHERE u.is_active""").bindList("ids", groups).mapTo(Long.class).list());
        return out;
    }

    /** Every group (or only `onlyId`), by id, with what GroupJson needs to show them. */
    public Listing listing(Handle h, boolean withDeactivated, Long onlyId) {
        Map<Long, List<Long>> members = new HashMap<>(), subgroups = new HashMap<>();
        h.createQuery("SELECT group_id, user_id FROM group_members m JOIN users u ON u.id = m.user_id WHERE u.is_active ORDER BY group_id, user_id")
                .map((rs, c) -> members.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(rs.getLong(2))).list();
        h.createQuery("SELECT group_id, subgroup_id FROM group_subgroups ORDER BY group_id, subgroup_id")
                .map((rs, c) -> subgroups.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(rs.getLong(2))).list();
        Set<Long> active = allActiveUsers(h);
        List<Group> groups = all(h).stream().filter(g -> (withDeactivated || !g.deactivated()) && (onlyId == null || onlyId == g.id())).toList();
        return new Listing(groups, members, subgroups, active);
    }

    /** The groups userId directly belongs to. */
    public List<Long> groupsOf(Handle h, long userId) {
        return h.createQuery("SELECT group_id FROM group_members WHERE user_id = ? ORDER BY group_id").bind(0, userId).mapTo(Long.class).list();
    }

    public long systemGroupId(Handle h, String name) {
        return h.createQuery("SELECT id FROM user_groups WHERE is_system_group AND name = ?").bind(0, name).mapTo(Long.class).one();
    }

    /** Whether id is a user of the realm (not a cross-realm system bot), active or not. */
    public boolean isRealmUser(Handle h, long id) {
        return h.createQuery("SELECT COUNT(*) FROM users WHERE id = ? AND NOT is_system_bot").bind(0, id).mapTo(Long.class).one() > 0;
    }

    /** Members (role 400) whose account was created at or before cutoff: who role:fullmembers should hold. */
    public Set<Long> membersJoinedBy(Handle h, long cutoff) {
        return new HashSet<>(h.createQuery("SELECT id FROM users WHERE role = 400 AND date_joined <= ?").bind(0, cutoff).mapTo(Long.class).list());
    }

    /** Every (group, active direct member) and (group, direct subgroup) pair, and the deactivated groups: GroupCache's snapshot. */
    public void activeMemberships(Handle h, BiConsumer<Long, Long> member, BiConsumer<Long, Long> subgroup) {
        h.createQuery("SELECT m.group_id, m.user_id FROM group_members m JOIN users u ON u.id = m.user_id WHERE u.is_active")
                .map((rs, c) -> { member.accept(rs.getLong(1), rs.getLong(2)); return null; }).list();
        h.createQuery("SELECT group_id, subgroup_id FROM group_subgroups")
                .map((rs, c) -> { subgroup.accept(rs.getLong(1), rs.getLong(2)); return null; }).list();
    }

    public Set<Long> deactivatedIds(Handle h) {
        return new HashSet<>(h.createQuery("SELECT id FROM user_groups WHERE deactivated").mapTo(Long.class).list());
    }
}
