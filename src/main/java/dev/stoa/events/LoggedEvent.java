package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A committed log entry: its id, type, payload (the wire event without id), recipients, and the
 * {@link Hints} delivery renders it with. Immutable once published. {@code stored} is false for an
 * ephemeral entry (typing): its id is a gap in the table.
 */
public record LoggedEvent(long id, long createdAt, String type, ObjectNode payload, Recipients recipients, boolean stored, Hints hints) {
    public LoggedEvent {
        if (hints == null) hints = Hints.NONE;
    }

    /** The type as the enum (delivery's rules are keyed by it); null for a stored name the server no longer sends. */
    public EventType eventType() {
        return EventType.of(type);
    }

    public LoggedEvent(long id, long createdAt, String type, ObjectNode payload, Recipients recipients) {
        this(id, createdAt, type, payload, recipients, true, Hints.NONE);
    }

    public LoggedEvent(long id, long createdAt, String type, ObjectNode payload, Recipients recipients, Hints hints) {
        this(id, createdAt, type, payload, recipients, true, hints);
    }
}
