package dev.stoa.drafts;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.db.Db;

/** The drafts the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class DraftQueries {
    private final Db db;
    private final DraftStore store;

    public DraftQueries(Db db, DraftStore store) {
        this.db = db;
        this.store = store;
    }

    /** The API's Draft objects, most recently edited first. */
    public ArrayNode all(long userId) {
        return DraftJson.all(db.read(h -> store.all(h, userId)));
    }
}
