package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.queues.Delivery;
import java.util.Map;
import java.util.List;

/** Capability rendering of message events: raw Markdown for queues registered without apply_markdown. */
public final class MessageDelivery {
    private MessageDelivery() {}

    public static Map<String, Delivery.TypeRule> rules() {
        return Map.of("message", (e, spec, user) -> {
            if (!spec.applyMarkdown() && e.has("__raw_content") && e.get("message") instanceof ObjectNode m) {
                m.put("content", e.get("__raw_content").asText());
                m.put("content_type", "text/x-markdown");
            }
            return List.of(e);
        });
    }
}
