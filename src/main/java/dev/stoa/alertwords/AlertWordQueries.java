package dev.stoa.alertwords;

import dev.stoa.db.Db;
import java.util.List;

/** The alert words the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class AlertWordQueries {
    private final Db db;
    private final AlertWordStore store;

    public AlertWordQueries(Db db, AlertWordStore store) {
        this.db = db;
        this.store = store;
    }

    public List<String> words(long userId) {
        return db.read(h -> store.words(h, userId));
    }
}
