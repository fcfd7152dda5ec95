package dev.stoa.navigation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.db.Db;

/** The navigation views the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class NavigationQueries {
    private final Db db;
    private final NavigationStore store;

    public NavigationQueries(Db db, NavigationStore store) {
        this.db = db;
        this.store = store;
    }

    /** The API's NavigationView objects, by fragment. */
    public ArrayNode all(long userId) {
        return NavigationJson.all(db.read(h -> store.all(h, userId)));
    }
}
