package dev.stoa.realm;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.LoggedEvent;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The realm in memory: hot settings for permission checks and register. Reloaded after a local
 * committed change, and, once it follows the event log ({@link LogFollower}, from when the realm
 * exists), whenever the log has published a realm event since the last look, so that every node
 * sharing the database stays current.
 */
public final class RealmHolder {
    private final Db db;
    private final RealmStore store;
    private volatile Realm realm;
    private volatile Map<String, Long> systemGroups;
    private volatile Follower follower;

    /** Reloads the holder on realm entries; made once the realm exists (a reload before would find no row). */
    private final class Follower extends LogFollower {
        Follower(EventLog log) {
            super(log, Set.of("realm"));
        }

        @Override
        protected void changed(List<LoggedEvent> entries, long head) {
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

    /** From now on, realm events published by any node make the next get() reload. */
    public void follow(EventLog log) {
        this.follower = new Follower(log);
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
