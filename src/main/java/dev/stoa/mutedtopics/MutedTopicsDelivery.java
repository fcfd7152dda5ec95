package dev.stoa.mutedtopics;

import dev.stoa.events.Hints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.QueueSpec;
import dev.stoa.realm.Realm;
import java.util.List;

/**
 * muted_topics events: dropped for queues that asked for user_topic (they get that instead), as
 * Zulip's event queue does; the empty topic shown by name without empty_topic_name.
 */
public final class MutedTopicsDelivery {
    private MutedTopicsDelivery() {}

    public static final Delivery.TypeRule RULE = MutedTopicsDelivery::render;

    private static List<ObjectNode> render(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
        if (spec.eventTypes() != null && spec.eventTypes().contains("user_topic")) return List.of();
        if (!spec.can("empty_topic_name") && e.get("muted_topics") instanceof ArrayNode list) showEmptyTopic(list);
        return List.of(e);
    }

    static void showEmptyTopic(ArrayNode list) {
        for (JsonNode entry : list) {
            if (entry instanceof ArrayNode a && a.size() > 1 && a.get(1).asText().isEmpty()) a.set(1, Realm.EMPTY_TOPIC_DISPLAY_NAME);
        }
    }
}
