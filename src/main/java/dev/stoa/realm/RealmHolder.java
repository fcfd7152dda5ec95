package dev.stoa.realm;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.CachedTable;
import dev.stoa.events.RowsChanged;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The realm in memory: hot settings for permission checks and register. Once it follows the event
 * log ({@link LogFollower}, from when the realm exists), reloaded whenever the log has published a
 * change of the realm row since the last look (RealmStore appends it with every write), so that
 * every node sharing the database stays current.
 */
public final class RealmHolder {
    private final Db db;
    private final RealmStore store;
    private volatile Realm realm;
    private volatile Map<String, Long> systemGroups;
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

        void check() {
            follow();
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

    public Realm get() {
        Follower f = follower;
        if (f != null) f.check();
        return realm;
    }

    /** System group ids by name ("role:members" → id). */
    public Map<String, Long> systemGroups() { return systemGroups; }

    public long systemGroup(String name) { return systemGroups.get(name); }

    public void reload() {
        db.read(h -> {
            systemGroups = Map.copyOf(store.systemGroups(h));
            RealmStore.Row row = store.find(h).orElseThrow();
            realm = new Realm(row.settings(), row.dateCreated(), row.deactivated(), systemGroups);
            return null;
        });
    }
}
