package dev.stoa.scheduled;

import dev.stoa.db.Db;
import java.util.List;

/** The scheduled messages and reminders the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class ScheduledQueries {
    private final Db db;
    private final ScheduledStore store;

    public ScheduledQueries(Db db, ScheduledStore store) {
        this.db = db;
        this.store = store;
    }

    /** A sender's undelivered rows of one delivery type (ScheduledRow.SEND_LATER or REMIND). */
    public List<ScheduledRow> undelivered(long senderId, String deliveryType) {
        return db.read(h -> store.undelivered(h, senderId, deliveryType));
    }
}
