package dev.stoa.snippets;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.db.Db;

/** The saved snippets the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class SnippetQueries {
    private final Db db;
    private final SnippetStore store;

    public SnippetQueries(Db db, SnippetStore store) {
        this.db = db;
        this.store = store;
    }

    /** The API's SavedSnippet objects, by id. */
    public ArrayNode all(long userId) {
        return SnippetJson.all(db.read(h -> store.all(h, userId)));
    }
}
