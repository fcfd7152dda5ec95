package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A committed log entry: its id, type, payload (without id) and recipients. Immutable once published. */
public record LoggedEvent(long id, long createdAt, String type, ObjectNode payload, Recipients recipients) {}
