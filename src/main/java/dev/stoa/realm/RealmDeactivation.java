package dev.stoa.realm;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.RealmEvent;
import dev.stoa.events.Recipients;
import java.util.List;

/**
 * Deactivating and reactivating the organization (the CLI's deactivate-realm / reactivate-realm).
 * While it is deactivated every authenticated request answers 401 REALM_DEACTIVATED; the realm
 * row's change (RealmStore appends it) makes every node's RealmHolder reload.
 */
public final class RealmDeactivation {
    /** Zulip's realm id for the one organization (as in emoji URLs). */
    static final long REALM_ID = 1;

    private final Db db;
    private final EventLog log;
    private final RealmStore store;

    public RealmDeactivation(Db db, EventLog log, RealmStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
    }

    /** False when it already was. */
    public boolean doDeactivate() {
        return set(true);
    }

    /** False when it already was active. */
    public boolean doReactivate() {
        return set(false);
    }

    private boolean set(boolean deactivated) {
        return db.write(tx -> {
            if (store.deactivated(tx.h()) == deactivated) return false;
            store.setDeactivated(tx, deactivated);
            if (deactivated) log.append(tx, new RealmEvent.Deactivated(REALM_ID), Recipients.all());
            else log.append(tx, new RealmEvent.Reactivated(REALM_ID), Recipients.users(List.of()));
            return true;
        });
    }
}
