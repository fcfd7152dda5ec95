package dev.stoa.users;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.CachedTable;
import dev.stoa.events.RowsChanged;
import dev.stoa.identity.User;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * API key → the user's committed row, for authentication without a query. Measured: the one
 * indexed SELECT by key was 14% of a {@code GET /users/me}'s CPU samples and 36–44% of a long-poll's
 * turnover (every delivered message makes each listener poll again, each poll authenticated).
 *
 * <p>It follows the event log ({@link LogFollower}), never a local action, so every node over one database holds the
 * same rows: before answering it reads the entries published since it last looked, and drops the
 * users they concern. Every write of a users row appends one in its transaction: UserStore's write
 * methods append {@link RowsChanged} ("users", the ids) themselves, which no queue receives.
 *
 * <p>A row read from the database is kept only if no entry dropped anything between the log head
 * seen before the read and the moment it is kept: a change that committed meanwhile is either
 * seen here (the row is not kept) or published later (and drops it then). Unknown keys are not
 * remembered (a flood of random keys costs queries, not memory); the known ones are at most one
 * per user, since a user's entry leaves with the change of their key.
 */
public final class ApiKeyCache extends LogFollower {
    /** More than any realm's users: past it (keys of users created since), the cache starts over. */
    static final int MAX_ENTRIES = 100_000;

    private final Db db;
    private final UserStore store;
    private final Map<String, User> byKey = new ConcurrentHashMap<>();
    /** Guarded by the follower's lock, as every change of {@code byKey}. */
    private final Map<Long, String> keyOf = new HashMap<>();
    /** The id of the newest entry that dropped anything: a read that began before it is not kept. */
    private long lastDrop;

    public ApiKeyCache(Db db, EventLog log, UserStore store) {
        super(log, Set.of(CachedTable.USERS));
        this.db = db;
        this.store = store;
    }

    /** The user whose API key this is, as committed (null: none); the caller checks email, state and the key itself. */
    public User byKey(String apiKey) {
        long before = follow();
        User u = byKey.get(apiKey);
        if (u != null) return u;
        // One indexed SELECT on a pooled connection, outside a transaction: a single statement sees one
        // committed state, everything the log held at `before` included.
        u = db.jdbi().withHandle(h -> store.byApiKey(h, apiKey).orElse(null));
        if (u != null) keep(apiKey, u, before);
        return u;
    }

    private void keep(String apiKey, User u, long readAfter) {
        // following and keeping at once: a drop published in between would otherwise be lost
        followAnd(() -> {
            if (lastDrop > readAfter || !u.apiKey().equals(apiKey)) return;
            if (byKey.size() >= MAX_ENTRIES) clear();
            String old = keyOf.put(u.id(), apiKey);
            if (old != null && !old.equals(apiKey)) byKey.remove(old);
            byKey.put(apiKey, u);
        });
    }

    /** Drops the users the entries changed (null: entries were missed, everyone). */
    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
        if (changes == null) dropAll(head);
        else for (RowsChanged.Seen c : changes) for (long id : c.ids()) dropUser(c.entryId(), id);
    }

    private void dropUser(long entryId, long userId) {
        String key = keyOf.remove(userId);
        if (key != null) byKey.remove(key);
        lastDrop = entryId;
    }

    private void dropAll(long entryId) {
        clear();
        lastDrop = entryId;
    }

    private void clear() {
        byKey.clear();
        keyOf.clear();
    }
}
