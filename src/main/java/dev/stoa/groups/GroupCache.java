package dev.stoa.groups;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.CachedTable;
import dev.stoa.events.RowsChanged;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.jdbi.v3.core.Handle;

/**
 * Group membership in memory for permission checks: each group's active direct members and
 * direct subgroups, and which groups are deactivated. Measured: a recursive-CTE check costs
 * several times a trivial query (~0.1 ms unloaded on SQLite, more under load), and register alone
 * makes six; a check here is a few hash lookups.
 *
 * <p>It reflects committed, published state only: it is rebuilt (one read snapshot, three
 * queries) when the event log has published a change of the groups' or users' rows after the
 * snapshot's head ({@link LogFollower}), so every node's cache follows the shared log, never a local action. A write transaction that
 * changed groups or users is refused (null: its checks run on its own handle, which sees its writes).
 */
public final class GroupCache extends LogFollower {
    /**
     * changes: how many batches of followed entries had been handed over when its read began; at: the
     * log head its read saw.
     */
    private record Memberships(long changes, long at, Map<Long, long[]> members, Map<Long, long[]> subgroups, Set<Long> deactivated,
                               Set<Long> active) {}

    private final Db db;
    private final ReentrantLock rebuild = new ReentrantLock();
    private volatile Memberships memberships;
    /** Batches of followed entries handed over so far: a snapshot whose read began before the latest is stale. */
    private volatile long changes;

    private final GroupStore store;

    public GroupCache(Db db, EventLog log, GroupStore store) {
        super(log, Set.of(CachedTable.USER_GROUPS, CachedTable.USERS));
        this.db = db;
        this.store = store;
    }

    @Override
    protected void changed(List<RowsChanged.Seen> rows, long head) {
        changes++; // under the follower's lock: one writer
    }

    /**
     * Whether an active user is in any of the groups, through active subgroups; null when the cache
     * is behind the log while another thread rebuilds it, so the caller asks its own handle instead.
     */
    public Boolean isMember(Handle h, long userId, Iterable<Long> groupIds) {
        Memberships s = changedIn(h) ? null : current();
        if (s == null) return null;
        ArrayDeque<Long> todo = new ArrayDeque<>();
        groupIds.forEach(todo::add);
        Set<Long> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            long g = todo.pop();
            if (!seen.add(g) || s.deactivated.contains(g)) continue;
            long[] m = s.members.get(g);
            if (m != null && Arrays.binarySearch(m, userId) >= 0) return true;
            long[] sub = s.subgroups.get(g);
            if (sub != null) for (long x : sub) todo.add(x);
        }
        return false;
    }

    /** Whether the user is active; null as for isMember. */
    public Boolean isActive(Handle h, long userId) {
        Memberships s = changedIn(h) ? null : current();
        return s == null ? null : s.active.contains(userId);
    }

    /**
     * The snapshot at the log's head. Callers hold a pooled connection (they are inside a read or a
     * write), and a rebuild takes another one: were they to wait for the rebuilding thread, a pool
     * full of waiters would leave it none (SQLite's read pool has four). So only one thread rebuilds,
     * and the others answer from their own handle meanwhile (null here).
     */
    private Memberships current() {
        Snapshot snap = snapshot();
        if (snap == null) return latest();
        // register: the memberships at its snapshot, or its own handle's answer (null) when they differ
        return this.<Optional<Memberships>>at(snap, () -> {
            Memberships m = latest();
            return Optional.ofNullable(m != null && sameAt(snap, m.at()) ? m : null);
        }).orElse(null);
    }

    private Memberships latest() {
        follow();
        Memberships s = memberships;
        if (s != null && s.changes == changes) return s;
        if (!rebuild.tryLock()) return null;
        try {
            Memberships again = memberships;
            if (again != null && again.changes == changes) return again;
            memberships = load(changes);
            return memberships;
        } finally {
            rebuild.unlock();
        }
    }

    /** Reads committed state; a change published after {@code changesBefore} was counted makes it stale. */
    private Memberships load(long changesBefore) {
        return db.read(h -> {
            Map<Long, List<Long>> members = new HashMap<>(), subgroups = new HashMap<>();
            store.activeMemberships(h, (g, u) -> members.computeIfAbsent(g, k -> new ArrayList<>()).add(u),
                    (g, s) -> subgroups.computeIfAbsent(g, k -> new ArrayList<>()).add(s));
            Set<Long> deactivated = store.deactivatedIds(h);
            Set<Long> active = store.allActiveUsers(h);
            return new Memberships(changesBefore, EventLog.headIn(h), sortedArrays(members), sortedArrays(subgroups), deactivated, active);
        });
    }

    private static Map<Long, long[]> sortedArrays(Map<Long, List<Long>> m) {
        Map<Long, long[]> out = new HashMap<>();
        m.forEach((k, v) -> {
            long[] a = v.stream().mapToLong(Long::longValue).sorted().toArray();
            out.put(k, a);
        });
        return out;
    }
}
