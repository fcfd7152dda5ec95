package dev.stoa.events;

import java.util.List;

/**
 * Internal: rows of a cached table changed, written by the table's store in the writing transaction
 * ({@link EventLog#rowsChanged}), so no caller can forget it. No queue receives it (its recipients
 * are nobody, and Delivery renders it to nothing) and no register state holds it; the caches that
 * hold the table's rows follow it ({@link LogFollower}). Cached tables so far: users.
 */
public record RowsChanged(String table, List<Long> ids) implements Event {
    public static final String TYPE = "__rows_changed";

    public EventType type() { return EventType.ROWS_CHANGED; }
}
