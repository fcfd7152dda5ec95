package dev.stoa.groups;

import java.util.Collection;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** SQL for user groups, their direct members and direct subgroups. */
public final class GroupStore {
    public long insert(Handle h, String name, String description, boolean system, long now, Long creatorId, String settingsJson) {
        return h.createUpdate("INSERT INTO user_groups (name, description, is_system_group, date_created, creator_id, settings) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(0, name).bind(1, description).bind(2, system).bind(3, now).bind(4, creatorId).bind(5, settingsJson)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public void addMembers(Handle h, long groupId, Collection<Long> userIds) {
        var batch = h.prepareBatch("INSERT INTO group_members (group_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING");
        for (long u : userIds) batch.bind(0, groupId).bind(1, u).add();
        if (!userIds.isEmpty()) batch.execute();
    }

    public void removeMembers(Handle h, long groupId, Collection<Long> userIds) {
        if (userIds.isEmpty()) return;
        h.createUpdate("DELETE FROM group_members WHERE group_id = :g AND user_id IN (<ids>)")
                .bind("g", groupId).bindList("ids", List.copyOf(userIds)).execute();
    }

    public void addSubgroups(Handle h, long groupId, Collection<Long> subgroupIds) {
        var batch = h.prepareBatch("INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?) ON CONFLICT DO NOTHING");
        for (long s : subgroupIds) batch.bind(0, groupId).bind(1, s).add();
        if (!subgroupIds.isEmpty()) batch.execute();
    }

    public List<Long> directMembers(Handle h, long groupId) {
        return h.createQuery("SELECT user_id FROM group_members WHERE group_id = ? ORDER BY user_id").bind(0, groupId).mapTo(Long.class).list();
    }

    public List<Long> directSubgroups(Handle h, long groupId) {
        return h.createQuery("SELECT subgroup_id FROM group_subgroups WHERE group_id = ? ORDER BY subgroup_id").bind(0, groupId).mapTo(Long.class).list();
    }

    /** Whether user is a member of group through any chain of subgroups (recursive CTE, one query). */
    public boolean isMemberRecursive(Handle h, long userId, long groupId) {
        return h.createQuery("""
                WITH RECURSIVE g(id) AS (
                    SELECT CAST(? AS BIGINT)
                    UNION SELECT s.subgroup_id FROM group_subgroups s JOIN g ON s.group_id = g.id)
                SELECT COUNT(*) FROM group_members m JOIN g ON m.group_id = g.id WHERE m.user_id = ?""")
                .bind(0, groupId).bind(1, userId).mapTo(Long.class).one() > 0;
    }

    /** Every user in the group through any chain of subgroups. */
    public List<Long> membersRecursive(Handle h, long groupId) {
        return h.createQuery("""
                WITH RECURSIVE g(id) AS (
                    SELECT CAST(? AS BIGINT)
                    UNION SELECT s.subgroup_id FROM group_subgroups s JOIN g ON s.group_id = g.id)
                SELECT DISTINCT m.user_id FROM group_members m JOIN g ON m.group_id = g.id ORDER BY m.user_id""")
                .bind(0, groupId).mapTo(Long.class).list();
    }
}
