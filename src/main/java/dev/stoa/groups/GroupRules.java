package dev.stoa.groups;

import dev.stoa.http.ApiError;
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
        if (name.strip().isEmpty()) throw ApiError.bad("User group name can't be empty!");
        if (name.length() > MAX_NAME_LENGTH) throw ApiError.bad("User group name cannot exceed " + MAX_NAME_LENGTH + " characters.");
        for (String p : INVALID_PREFIXES) {
            if (name.startsWith(p)) throw ApiError.bad("User group name cannot start with '" + p + "'.");
        }
        return name;
    }

    /** Zulip's user_ids_to_users: every id an active user of the realm. */
    static void checkUsers(GroupStore store, Handle h, List<Long> ids) {
        Set<Long> active = store.activeUsers(h, ids);
        for (long u : ids) if (!active.contains(u)) throw ApiError.bad("Invalid user ID: " + u);
    }

    static void checkSubgroups(GroupStore store, Handle h, List<Long> ids) {
        for (long s : ids) {
            Group g = store.find(h, s).orElseThrow(() -> ApiError.bad("Invalid user group ID: " + s));
            if (g.deactivated()) throw ApiError.bad("User group is deactivated.");
        }
    }
}
