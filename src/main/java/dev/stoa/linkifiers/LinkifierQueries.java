package dev.stoa.linkifiers;

import dev.stoa.db.Db;
import java.util.List;

/** The linkifiers the views read, in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class LinkifierQueries {
    private final Db db;
    private final LinkifierStore store;

    public LinkifierQueries(Db db, LinkifierStore store) {
        this.db = db;
        this.store = store;
    }

    public List<Linkifier> all() {
        return db.read(h -> store.all(h));
    }
}
