package dev.stoa.groups;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** The groups the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class GroupQueries {
    private final Db db;
    private final GroupStore store;

    public GroupQueries(Db db, GroupStore store) {
        this.db = db;
        this.store = store;
    }

    /** GET /user_groups' user_groups. */
    public ArrayNode apiGroups(boolean withDeactivated) {
        return GroupJson.apiGroups(db.read(h -> store.listing(h, withDeactivated, null)));
    }

    /** Zulip's access_user_group_to_read_membership. */
    private Group forRead(Handle h, long groupId) {
        Group g = store.find(h, groupId).orElseThrow(() -> ApiError.bad("Invalid user group"));
        if (g.deactivated()) throw ApiError.bad("User group is deactivated.");
        return g;
    }

    /** A readable group's members: direct ones, or all through its subgroups. */
    public List<Long> members(long groupId, boolean direct) {
        return db.read(h -> {
            forRead(h, groupId);
            return direct ? store.activeDirectMembers(h, groupId) : store.membersRecursive(h, groupId);
        });
    }

    /** Whether a user of the realm is a member (direct, or through subgroups) of a readable group. */
    public boolean isMember(long groupId, long userId, boolean direct) {
        return db.read(h -> {
            forRead(h, groupId);
            if (!store.isRealmUser(h, userId)) throw ApiError.bad("No such user");
            List<Long> members = direct ? store.activeDirectMembers(h, groupId) : store.membersRecursive(h, groupId);
            return members.contains(userId);
        });
    }

    /** A readable group's subgroups: direct ones, or all of them down the tree. */
    public List<Long> subgroups(long groupId, boolean direct) {
        return db.read(h -> {
            forRead(h, groupId);
            return direct ? store.directSubgroups(h, groupId) : store.recursiveSubgroups(h, groupId);
        });
    }
}
