package dev.stoa.channels;

import dev.stoa.events.EventType;
import dev.stoa.events.Hints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.Delivery;
import java.util.Map;
import dev.stoa.queues.QueueSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Capability rendering of stream and subscription events. Without archived_channels, archiving
 * arrives as stream delete, unarchiving as stream create, and nothing else about an archived
 * channel is sent. Without notification_settings_null, subscription add carries the user's
 * resolved notification settings instead of nulls.
 */
public final class ChannelDelivery {
    private ChannelDelivery() {}

    public static Map<EventType, Delivery.TypeRule> rules() {
        return Map.of(EventType.STREAM, ChannelDelivery::stream, EventType.SUBSCRIPTION, ChannelDelivery::subscription);
    }

    static List<ObjectNode> stream(ObjectNode e, Hints hints, QueueSpec s, Long userId) {
        if (s.can("archived_channels")) return List.of(e);
        boolean archiving = "update".equals(e.path("op").asText()) && "is_archived".equals(e.path("property").asText());
        if (archiving && e.path("value").asBoolean()) {
            ObjectNode d = Json.object();
            d.put("type", "stream");
            d.put("op", "delete");
            long id = e.path("stream_id").asLong();
            d.set("stream_ids", Json.array().add(id));
            d.set("streams", Json.array().add(Json.object().put("stream_id", id)));
            return List.of(d);
        }
        if (archiving) {
            ObjectNode c = Json.object();
            c.put("type", "stream");
            c.put("op", "create");
            c.set("streams", Json.array().add(hints.stream().deepCopy()));
            return List.of(c);
        }
        if (hints.archived()) return List.of();
        return List.of(e);
    }

    static List<ObjectNode> subscription(ObjectNode e, Hints hints, QueueSpec s, Long userId) {
        if (hints.legacyOnly() && s.can("archived_channels")) return List.of();
        if (!"add".equals(e.path("op").asText())) return List.of(e);
        Set<Long> hidden = new HashSet<>();
        if (!s.can("archived_channels") && hints.archivedIds() != null) hidden.addAll(hints.archivedIds());
        JsonNode source = s.can("notification_settings_null") ? e.get("subscriptions") : hints.resolved();
        ArrayNode subs = Json.array();
        for (JsonNode sub : source) if (!hidden.contains(sub.path("stream_id").asLong())) subs.add(sub.deepCopy());
        if (subs.isEmpty()) return List.of();
        e.set("subscriptions", subs);
        return List.of(e);
    }
}
