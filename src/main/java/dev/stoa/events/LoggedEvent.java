package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A committed log entry: its id, type, payload (without id) and recipients. Immutable once published.
 * {@code stored} is false for an ephemeral entry (typing): its id is a gap in the table.
 */
public record LoggedEvent(long id, long createdAt, String type, ObjectNode payload, Recipients recipients, boolean stored) {
    public LoggedEvent(long id, long createdAt, String type, ObjectNode payload, Recipients recipients) {
        this(id, createdAt, type, payload, recipients, true);
    }
}
