package dev.stoa.snippets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import java.util.List;

/** The saved snippets the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class SnippetQueries {
    private final Db db;
    private final SnippetStore store;

    public SnippetQueries(Db db, SnippetStore store) {
        this.db = db;
        this.store = store;
    }

    public List<ObjectNode> all(long userId) {
        return db.read(h -> store.all(h, userId));
    }
}
