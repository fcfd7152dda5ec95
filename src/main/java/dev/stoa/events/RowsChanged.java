package dev.stoa.events;

import java.util.ArrayList;
import java.util.List;

/**
 * Internal: rows of a cached table changed, written by the table's store in the writing transaction
 * ({@link EventLog#rowsChanged}), so no caller can forget it. No queue receives it (its recipients
 * are nobody, and Delivery renders it to nothing) and no register state holds it; the caches that
 * hold the table's rows follow it ({@link LogFollower}). The tables: {@link CachedTable}.
 */
public record RowsChanged(String table, List<Long> ids) implements Event {
    public static final String TYPE = "__rows_changed";

    public EventType type() { return EventType.ROWS_CHANGED; }

    /** One RowsChanged entry as a follower is handed it: its log id, the table, the ids (see {@link CachedTable}). */
    public record Seen(long entryId, CachedTable table, List<Long> ids) {}

    /** The entry's content, or null when it is another type or names a table this version does not know. */
    static Seen of(LoggedEvent e) {
        if (e.type() != EventType.ROWS_CHANGED) return null;
        CachedTable t = CachedTable.named(e.payload().path("table").asText());
        if (t == null) return null;
        List<Long> ids = new ArrayList<>();
        for (var id : e.payload().path("ids")) ids.add(id.asLong());
        return new Seen(e.id(), t, List.copyOf(ids));
    }
}
