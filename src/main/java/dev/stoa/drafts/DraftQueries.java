package dev.stoa.drafts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import java.util.List;

/** The drafts the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class DraftQueries {
    private final Db db;
    private final DraftStore store;

    public DraftQueries(Db db, DraftStore store) {
        this.db = db;
        this.store = store;
    }

    public List<ObjectNode> all(long userId) {
        return db.read(h -> store.all(h, userId));
    }
}
