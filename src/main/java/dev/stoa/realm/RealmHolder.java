package dev.stoa.realm;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.CachedTable;
import dev.stoa.events.RowsChanged;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * The realm in memory: hot settings for permission checks and register. Once it follows the event
 * log ({@link LogFollower}, from when the realm exists), reloaded whenever the log has published a
 * change of the realm row since the last look (RealmStore appends it with every write), so that
 * every node sharing the database stays current.
 */
public final class RealmHolder {
    /** The realm and system groups as a read saw them, at log head {@code at} (the head that read saw). */
    private record State(Realm realm, Map<String, Long> systemGroups, long at) {}

    private final Db db;
    private final RealmStore store;
    private volatile State state;
    private volatile Follower follower;

    /** Reloads the holder when the realm row changed; made once the realm exists (a reload before would find no row). */
    private final class Follower extends LogFollower {
        Follower(EventLog log) {
            super(log, Set.of(CachedTable.REALM));
        }

        @Override
        protected void changed(List<RowsChanged.Seen> changes, long head) {
            reload();
        }

        /** The state now, or at the snapshot this thread reads at (register): from memory when it is the same. */
        State current() {
            Snapshot s = snapshot();
            if (s == null) {
                follow();
                return state;
            }
            return at(s, () -> {
                follow();
                State now = state;
                return sameAt(s, now.at()) ? now : load(s.h());
            });
        }
    }

    public RealmHolder(Db db, RealmStore store) {
        this.db = db;
        this.store = store;
    }

    /** Loads the realm; from now on, realm row changes published by any node make the next get() reload. */
    public void follow(EventLog log) {
        this.follower = new Follower(log);
        reload(); // after the follower took the head: a change committed meanwhile is either read here or followed
    }

    private State current() {
        Follower f = follower;
        return f == null ? state : f.current();
    }

    /** The realm (null before it is loaded). */
    public Realm get() {
        State s = current();
        return s == null ? null : s.realm();
    }

    /** System group ids by name ("role:members" → id). */
    public Map<String, Long> systemGroups() {
        State s = current();
        return s == null ? null : s.systemGroups();
    }

    public long systemGroup(String name) { return systemGroups().get(name); }

    public void reload() {
        state = db.read(this::load);
    }

    private State load(Handle h) {
        Map<String, Long> systemGroups = Map.copyOf(store.systemGroups(h));
        return new State(store.find(h, systemGroups).orElseThrow(), systemGroups, EventLog.headIn(h));
    }
}
