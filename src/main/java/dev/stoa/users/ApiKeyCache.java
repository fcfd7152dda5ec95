package dev.stoa.users;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LoggedEvent;
import dev.stoa.events.UserEvent;
import dev.stoa.identity.User;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * API key → the user's committed row, for authentication without a query. Measured: the one
 * indexed SELECT by key was 14% of a {@code GET /users/me}'s CPU samples and 36–44% of a long-poll's
 * turnover (every delivered message makes each listener poll again, each poll authenticated).
 *
 * <p>It follows the event log, never a local action, so every node over one database holds the
 * same rows: before answering it reads the entries published since it last looked, and drops the
 * users they concern. Every write of a users row appends one of them in its transaction: realm_user
 * and realm_bot name the user ({@code person}/{@code bot}.user_id), user_settings goes to the user
 * alone (its recipient), and the changes clients hear nothing of (a password, a person's API key)
 * append {@link UserEvent.RowChanged}, which no queue receives. An entry of these types it cannot
 * attribute to users empties the cache.
 *
 * <p>A row read from the database is kept only if no entry dropped anything between the log head
 * seen before the read and the moment it is kept: a change that committed meanwhile is either
 * seen here (the row is not kept) or published later (and drops it then). Unknown keys are not
 * remembered (a flood of random keys costs queries, not memory); the known ones are at most one
 * per user, since a user's entry leaves with the change of their key.
 */
public final class ApiKeyCache {
    /** More than any realm's users: past it (keys of users created since), the cache starts over. */
    static final int MAX_ENTRIES = 100_000;

    private final Db db;
    private final EventLog log;
    private final UserStore store;
    private final Map<String, User> byKey = new ConcurrentHashMap<>();
    /** Guards the fields below and every change of {@code byKey}. */
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Long, String> keyOf = new HashMap<>();
    /** The log head through which entries were applied. */
    private volatile long seen;
    /** The id of the newest entry that dropped anything: a read that began before it is not kept. */
    private long lastDrop;

    public ApiKeyCache(Db db, EventLog log, UserStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.seen = log.head();
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
        lock.lock();
        try {
            follow();
            if (lastDrop > readAfter || !u.apiKey().equals(apiKey)) return;
            if (byKey.size() >= MAX_ENTRIES) clear();
            String old = keyOf.put(u.id(), apiKey);
            if (old != null && !old.equals(apiKey)) byKey.remove(old);
            byKey.put(apiKey, u);
        } finally {
            lock.unlock();
        }
    }

    /** Applies the entries published since the last call; returns the head they reach. */
    private long follow() {
        long head = log.head();
        if (head <= seen) return head;
        lock.lock();
        try {
            if (head <= seen) return head;
            var entries = log.range(seen, head);
            // entries this cache never saw were pruned from the table (no request for a long while): start over
            if (log.prunedThrough() > seen) dropAll(head);
            else for (LoggedEvent e : entries) apply(e);
            seen = head;
            return head;
        } finally {
            lock.unlock();
        }
    }

    private void apply(LoggedEvent e) {
        if (!UserRowEntries.TYPES.contains(e.type())) return;
        long[] users = UserRowEntries.changed(e);
        if (users == null) dropAll(e.id());
        else for (long id : users) dropUser(e.id(), id);
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
