package dev.stoa.realmdomains;

import dev.stoa.db.Db;
import java.util.List;

/** The allowed domains the views read, in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class RealmDomainQueries {
    private final Db db;
    private final RealmDomainStore store;

    public RealmDomainQueries(Db db, RealmDomainStore store) {
        this.db = db;
        this.store = store;
    }

    public List<RealmDomainStore.Domain> all() {
        return db.read(h -> store.all(h));
    }
}
