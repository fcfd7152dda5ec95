package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.HashMap;
import java.util.Map;

/**
 * Every event type the server puts on a queue (Zulip's `type`), plus the internal {@link #ROWS_CHANGED}
 * that no queue receives. The records of {@link Event} name theirs here, delivery registers its rules
 * by it, and the web client's event union is checked against this list (web/src/event-types.ts,
 * EventTypesContractTest): one list, so a type cannot be misspelt on either side.
 */
public enum EventType {
    ALERT_WORDS("alert_words"),
    ATTACHMENT("attachment"),
    CHANNEL_FOLDER("channel_folder"),
    CUSTOM_PROFILE_FIELDS("custom_profile_fields"),
    DEFAULT_STREAMS("default_streams"),
    DELETE_MESSAGE("delete_message"),
    DEVICE("device"),
    DRAFTS("drafts"),
    HAS_MEETING_TOKEN("has_meeting_token"),
    HAS_ZOOM_TOKEN("has_zoom_token"),
    HEARTBEAT("heartbeat"),
    INVITES_CHANGED("invites_changed"),
    MESSAGE("message"),
    MUTED_TOPICS("muted_topics"),
    MUTED_USERS("muted_users"),
    NAVIGATION_VIEW("navigation_view"),
    PRESENCE("presence"),
    REACTION("reaction"),
    REALM("realm"),
    REALM_BOT("realm_bot"),
    REALM_DOMAINS("realm_domains"),
    REALM_EMOJI("realm_emoji"),
    REALM_EXPORT("realm_export"),
    REALM_EXPORT_CONSENT("realm_export_consent"),
    REALM_LINKIFIERS("realm_linkifiers"),
    REALM_PLAYGROUNDS("realm_playgrounds"),
    REALM_USER("realm_user"),
    REMINDERS("reminders"),
    SAVED_SNIPPETS("saved_snippets"),
    SCHEDULED_MESSAGES("scheduled_messages"),
    STREAM("stream"),
    SUBMESSAGE("submessage"),
    SUBSCRIPTION("subscription"),
    TYPING("typing"),
    TYPING_EDIT_MESSAGE("typing_edit_message"),
    UPDATE_DISPLAY_SETTINGS("update_display_settings"),
    UPDATE_GLOBAL_NOTIFICATIONS("update_global_notifications"),
    UPDATE_MESSAGE("update_message"),
    UPDATE_MESSAGE_FLAGS("update_message_flags"),
    USER_GROUP("user_group"),
    USER_SETTINGS("user_settings"),
    USER_STATUS("user_status"),
    USER_TOPIC("user_topic"),
    /** Internal: a cached table's rows changed ({@link RowsChanged}); never delivered. */
    ROWS_CHANGED("__rows_changed");

    private static final Map<String, EventType> BY_WIRE = new HashMap<>();
    static {
        for (EventType t : values()) BY_WIRE.put(t.wire, t);
    }

    private final String wire;

    EventType(String wire) { this.wire = wire; }

    /** The name on the wire and in the log table. */
    @JsonValue
    public String wire() { return wire; }

    /** Whether queues can receive it (everything but the internal entries). */
    public boolean delivered() { return this != ROWS_CHANGED; }

    /** The type of a stored or wire name; null for a name the server does not send. */
    public static EventType of(String wire) { return BY_WIRE.get(wire); }

    @Override
    public String toString() { return wire; }
}
