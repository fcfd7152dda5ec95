package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.db.Db;

/** The custom profile fields the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class ProfileFieldQueries {
    private final Db db;
    private final ProfileFieldStore store;

    public ProfileFieldQueries(Db db, ProfileFieldStore store) {
        this.db = db;
        this.store = store;
    }

    public ArrayNode fields() {
        return ProfileFieldJson.fields(db.read(store::fields));
    }
}
