package dev.stoa.emoji;

import dev.stoa.db.Db;
import java.util.List;

/** The custom emoji the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class EmojiQueries {
    private final Db db;
    private final EmojiStore store;

    public EmojiQueries(Db db, EmojiStore store) {
        this.db = db;
        this.store = store;
    }

    public List<EmojiRow> all() {
        return db.read(store::all);
    }
}
