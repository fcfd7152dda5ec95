package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A channel row. `settings` holds the can_*_group group-setting values (group id or object). */
public record Channel(
        long id,
        String name,
        String description,
        String renderedDescription,
        boolean inviteOnly,
        boolean isWebPublic,
        boolean historyPublicToSubscribers,
        Integer messageRetentionDays,
        long dateCreated,
        Long creatorId,
        Long folderId,
        String topicsPolicy,
        boolean isArchived,
        Long firstMessageId,
        ObjectNode settings) {

    /** The group-setting value of a can_*_group setting. */
    public JsonNode setting(String name) {
        return settings.get(name);
    }
}
