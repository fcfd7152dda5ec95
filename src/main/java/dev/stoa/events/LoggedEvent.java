package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A committed log entry: its id, type, payload (the wire event without id), recipients, and the
 * {@link Hints} delivery renders it with. Immutable once published. {@code stored} is false for an
 * ephemeral entry (typing): its id is a gap in the table. type is null for a stored name this version
 * does not send (an entry an older version wrote): delivered to no queue, followed by no cache.
 */
public record LoggedEvent(long id, long createdAt, EventType type, ObjectNode payload, Recipients recipients, boolean stored, Hints hints) {
    public LoggedEvent {
        if (hints == null) hints = Hints.NONE;
    }

    public LoggedEvent(long id, long createdAt, EventType type, ObjectNode payload, Recipients recipients) {
        this(id, createdAt, type, payload, recipients, true, Hints.NONE);
    }

    public LoggedEvent(long id, long createdAt, EventType type, ObjectNode payload, Recipients recipients, Hints hints) {
        this(id, createdAt, type, payload, recipients, true, hints);
    }
}
