package dev.stoa.queues;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Set;

/**
 * What a client asked for at register: which events, the narrow for message events, and its
 * capabilities (which decide how events are rendered for it). Persisted with the queue as JSON.
 */
public record QueueSpec(
        Set<String> eventTypes,            // null: all
        JsonNode narrow,                   // [{operator, operand, negated}, ...] as the messages feature checked it; empty or null: none
        Map<String, Boolean> capabilities,
        boolean allPublicStreams,
        boolean applyMarkdown,
        boolean clientGravatar,
        boolean slimPresence,
        String client) {                   // the client's name as Zulip's server reads it (Request.clientName)

    public boolean can(String capability) {
        return Boolean.TRUE.equals(capabilities.get(capability));
    }

    /** Whether the client gets Zulip's names where the seed renamed them (ZulipNames). */
    public boolean zulipNames() {
        return ZulipNames.wanted(client);
    }

    public boolean wants(String type) {
        return eventTypes == null || eventTypes.contains(type);
    }

    /** The known client capabilities of seed-api.md; others are ignored. */
    public static final Set<String> CAPABILITIES = Set.of(
            "notification_settings_null", "bulk_message_deletion", "user_avatar_url_field_optional",
            "stream_typing_notifications", "user_settings_object", "linkifier_url_template",
            "user_list_incomplete", "include_deactivated_groups", "archived_channels", "empty_topic_name",
            "simplified_presence_events", "individual_emoji_changes");
}
