package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.Map;

/**
 * message, update_message, delete_message, update_message_flags, reaction, attachment and typing
 * events. Their payloads vary by case (optional fields of update_message, message_details of
 * flag removal), so each record carries its fields as one object written at the top level.
 * Per-recipient parts (flags) and what delivery reads go in {@link #hints()}.
 */
public sealed interface MessageEvent extends Event {
    @JsonIgnore ObjectNode fields();

    @JsonAnyGetter
    default Map<String, Object> unwrapped() {
        return Json.MAPPER.convertValue(fields(), new TypeReference<Map<String, Object>>() {});
    }

    /** message: `message` and base `flags`; hints: per-user flags, raw content, Gravatar viewers, narrow facts, echo. */
    record New(@JsonIgnore ObjectNode fields, @JsonIgnore Hints hints) implements MessageEvent {
        public EventType type() { return EventType.MESSAGE; }
    }

    record Update(@JsonIgnore ObjectNode fields, @JsonIgnore Hints hints) implements MessageEvent {
        public EventType type() { return EventType.UPDATE_MESSAGE; }
    }

    /** Split into one event per message for queues without bulk_message_deletion: one id each. */
    record Delete(@JsonIgnore ObjectNode fields) implements MessageEvent {
        public EventType type() { return EventType.DELETE_MESSAGE; }
        @Override public int idCount() { return Math.max(1, fields.path("message_ids").size()); }
    }

    record Flags(String op, @JsonIgnore ObjectNode fields) implements MessageEvent {
        public EventType type() { return EventType.UPDATE_MESSAGE_FLAGS; }
    }

    record Reaction(String op, @JsonIgnore ObjectNode fields) implements MessageEvent {
        public EventType type() { return EventType.REACTION; }
    }

    record Attachment(String op, @JsonIgnore ObjectNode fields) implements MessageEvent {
        public EventType type() { return EventType.ATTACHMENT; }
    }

    record Typing(String op, @JsonIgnore ObjectNode fields) implements MessageEvent {
        public EventType type() { return EventType.TYPING; }
    }

    /** typing_edit_message: `sender_id`, `message_id` and `recipient` (a channel and topic, or the notified user ids). */
    record TypingEditMessage(String op, @JsonIgnore ObjectNode fields) implements MessageEvent {
        public EventType type() { return EventType.TYPING_EDIT_MESSAGE; }
    }
}
