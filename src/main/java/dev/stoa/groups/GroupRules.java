package dev.stoa.groups;

import dev.stoa.http.CommonErrors;
import dev.stoa.http.Request;
import java.util.List;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** Checks on group names, members and subgroups shared by the group actions. */
final class GroupRules {
    private static final int MAX_NAME_LENGTH = 100;
    private static final List<String> INVALID_PREFIXES = List.of("@", "role:", "user:", "stream:", "channel:");

    private GroupRules() {}

    /** PostgreSQL text cannot hold NUL; refuse it in every free-text parameter (SQLite would store it). */
    static String checkName(String name) {
        Request.noNul("name", name);
        if (name.strip().isEmpty()) throw GroupErrors.groupNameEmpty();
        if (name.length() > MAX_NAME_LENGTH) throw GroupErrors.groupNameTooLong(MAX_NAME_LENGTH);
        for (String p : INVALID_PREFIXES) {
            if (name.startsWith(p)) throw GroupErrors.groupNameReservedPrefix(p);
        }
        return name;
    }

    /** Zulip's user_ids_to_users: every id an active user of the realm. */
    static void checkUsers(GroupStore store, Handle h, List<Long> ids) {
        Set<Long> active = store.activeUsers(h, ids);
        for (long u : ids) if (!active.contains(u)) throw CommonErrors.invalidUserId(u);
    }

    static void checkSubgroups(GroupStore store, Handle h, List<Long> ids) {
        for (long s : ids) {
            Group g = store.find(h, s).orElseThrow(() -> GroupErrors.invalidUserGroupId(s));
            if (g.deactivated()) throw GroupErrors.userGroupIsDeactivated();
        }
    }
}
