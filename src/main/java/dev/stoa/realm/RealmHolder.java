package dev.stoa.realm;

import dev.stoa.db.Db;
import java.util.Map;

/** The realm in memory: hot settings for permission checks and register, reloaded after a committed change. */
public final class RealmHolder {
    private final Db db;
    private final RealmStore store;
    private volatile Realm realm;
    private volatile Map<String, Long> systemGroups;

    public RealmHolder(Db db, RealmStore store) {
        this.db = db;
        this.store = store;
    }

    public Realm get() { return realm; }

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
