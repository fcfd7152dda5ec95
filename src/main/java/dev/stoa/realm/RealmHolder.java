package dev.stoa.realm;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LoggedEvent;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The realm in memory: hot settings for permission checks and register. Reloaded after a local
 * committed change, and, once it follows the event log, whenever the log has published a realm
 * event since the last look, so that every node sharing the database stays current.
 */
public final class RealmHolder {
    private final Db db;
    private final RealmStore store;
    private final ReentrantLock reloading = new ReentrantLock();
    private volatile Realm realm;
    private volatile Map<String, Long> systemGroups;
    private volatile EventLog log;
    private volatile long seenHead;

    public RealmHolder(Db db, RealmStore store) {
        this.db = db;
        this.store = store;
    }

    /** From now on, realm events published by any node make the next get() reload. */
    public void follow(EventLog log) {
        this.seenHead = log.head();
        this.log = log;
    }

    public Realm get() {
        EventLog l = log;
        if (l != null) {
            long head = l.head();
            if (head > seenHead) catchUp(l, head);
        }
        return realm;
    }

    private void catchUp(EventLog l, long head) {
        reloading.lock();
        try {
            long from = seenHead;
            if (head <= from) return;
            boolean changed = false;
            for (LoggedEvent e : l.range(from, head)) changed |= e.type().equals("realm");
            if (changed) reload();
            seenHead = head;
        } finally {
            reloading.unlock();
        }
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
