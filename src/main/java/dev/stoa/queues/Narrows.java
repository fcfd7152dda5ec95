package dev.stoa.queues;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/** The narrow filter of a queue, applied to message events (Zulip's narrow_filter for queues). */
final class Narrows {
    private Narrows() {}

    /** Whether a message event (its `message` and the recipient's `flags`) matches every term. */
    static boolean matches(List<List<String>> narrow, JsonNode event) {
        for (List<String> term : narrow) {
            if (!matches(term.get(0), term.get(1), event.path("message"), event.path("flags"))) return false;
        }
        return true;
    }

    private static boolean matches(String operator, String operand, JsonNode m, JsonNode flags) {
        boolean stream = "stream".equals(m.path("type").asText());
        return switch (operator) {
            case "stream", "channel" -> stream && (m.path("display_recipient").asText().equalsIgnoreCase(operand)
                    || String.valueOf(m.path("stream_id").asLong()).equals(operand));
            case "topic" -> stream && m.path("subject").asText().equalsIgnoreCase(operand);
            case "sender" -> m.path("sender_email").asText().equalsIgnoreCase(operand)
                    || String.valueOf(m.path("sender_id").asLong()).equals(operand);
            case "is" -> switch (operand.toLowerCase(Locale.ROOT)) {
                case "dm", "private" -> !stream;
                case "starred" -> flag(flags, "starred");
                case "mentioned" -> flag(flags, "mentioned") || flag(flags, "wildcard_mentioned");
                case "unread" -> !flag(flags, "read");
                case "alerted" -> flag(flags, "has_alert_word");
                default -> true;
            };
            case "channels", "streams" -> stream;
            default -> true; // operators a queue cannot evaluate are not applied (as in Zulip)
        };
    }

    private static boolean flag(JsonNode flags, String flag) {
        for (JsonNode f : flags) if (flag.equals(f.asText())) return true;
        return false;
    }
}
