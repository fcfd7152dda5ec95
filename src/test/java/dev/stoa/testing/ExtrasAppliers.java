package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import static dev.stoa.testing.EventApplier.array;
import static dev.stoa.testing.EventApplier.findById;
import static dev.stoa.testing.EventApplier.on;
import static dev.stoa.testing.EventApplier.removeById;

/** How a client applies the per-user extras' events (issue 8): snippets, drafts, views, calls, alert words, topics, mutes, presence. */
final class ExtrasAppliers {
    private ExtrasAppliers() {}

    static void register() {
        on("saved_snippets/add", (s, e) -> array(s, "saved_snippets").add(e.get("saved_snippet")));
        on("saved_snippets/update", (s, e) -> replaceById(array(s, "saved_snippets"), "id", (ObjectNode) e.get("saved_snippet")));
        on("saved_snippets/remove", (s, e) -> removeById(array(s, "saved_snippets"), "id", e.get("saved_snippet_id").asLong()));
        on("drafts/add", (s, e) -> e.get("drafts").forEach(array(s, "drafts")::add));
        on("drafts/update", (s, e) -> replaceById(array(s, "drafts"), "id", (ObjectNode) e.get("draft")));
        on("drafts/remove", (s, e) -> removeById(array(s, "drafts"), "id", e.get("draft_id").asLong()));
        on("scheduled_messages/add", (s, e) -> e.get("scheduled_messages").forEach(array(s, "scheduled_messages")::add));
        on("scheduled_messages/update", (s, e) -> replaceById(array(s, "scheduled_messages"), "scheduled_message_id",
                (ObjectNode) e.get("scheduled_message")));
        on("scheduled_messages/remove", (s, e) -> removeById(array(s, "scheduled_messages"), "scheduled_message_id",
                e.get("scheduled_message_id").asLong()));
        on("reminders/add", (s, e) -> e.get("reminders").forEach(array(s, "reminders")::add));
        on("reminders/remove", (s, e) -> removeById(array(s, "reminders"), "reminder_id", e.get("reminder_id").asLong()));
        on("navigation_view/add", (s, e) -> array(s, "navigation_views").add(e.get("navigation_view")));
        on("navigation_view/update", (s, e) -> {
            ObjectNode v = byFragment(array(s, "navigation_views"), e.get("fragment").asText());
            if (v == null) throw new AssertionError("navigation_view update for a view missing from the state: " + e);
            v.setAll((ObjectNode) e.get("data"));
        });
        on("navigation_view/remove", (s, e) -> {
            for (Iterator<JsonNode> it = array(s, "navigation_views").iterator(); it.hasNext(); ) {
                if (it.next().get("fragment").asText().equals(e.get("fragment").asText())) it.remove();
            }
        });
        on("has_meeting_token", (s, e) -> s.set("has_meeting_token", e.get("value")));
        on("has_zoom_token", (s, e) -> s.set("has_zoom_token", e.get("value")));
        on("alert_words", (s, e) -> s.set("alert_words", e.get("alert_words")));
        on("muted_users", (s, e) -> s.set("muted_users", e.get("muted_users")));
        on("user_topic", ExtrasAppliers::userTopic);
        // A client merges the entry. presences and presence_last_update_id are volatile between two registers,
        // so VerifyAction compares them only to see that the events changed something.
        on("presence", (s, e) -> {
            ObjectNode p = s.has("presences") ? (ObjectNode) s.get("presences") : s.putObject("presences");
            if (e.has("presences")) {
                p.setAll((ObjectNode) e.get("presences"));
            } else { // the legacy format: one client's entry, under the email (or the id, with slim_presence)
                String key = e.has("email") ? e.get("email").asText() : e.get("user_id").asText();
                (p.get(key) instanceof ObjectNode entry ? entry : p.putObject(key)).setAll((ObjectNode) e.get("presence"));
            }
        });
    }

    private static void userTopic(ObjectNode s, ObjectNode e) {
        ArrayNode topics = array(s, "user_topics");
        for (Iterator<JsonNode> it = topics.iterator(); it.hasNext(); ) {
            JsonNode t = it.next();
            if (t.get("stream_id").asLong() == e.get("stream_id").asLong()
                    && t.get("topic_name").asText().equalsIgnoreCase(e.get("topic_name").asText())) it.remove();
        }
        if (e.get("visibility_policy").asInt() != 0) {
            ObjectNode t = e.deepCopy();
            t.remove("id");
            t.remove("type");
            topics.add(t);
        }
        // Keep register's order (channel, then topic case-insensitively) so that equal states compare equal.
        List<JsonNode> sorted = new ArrayList<>();
        topics.forEach(sorted::add);
        sorted.sort(Comparator.comparingLong((JsonNode t) -> t.get("stream_id").asLong())
                .thenComparing(t -> t.get("topic_name").asText().toLowerCase(Locale.ROOT)));
        topics.removeAll();
        sorted.forEach(topics::add);
    }

    private static void replaceById(ArrayNode a, String idKey, ObjectNode item) {
        ObjectNode old = findById(a, idKey, item.get(idKey).asLong());
        if (old == null) throw new AssertionError("update for an object missing from the state: " + item);
        old.removeAll();
        old.setAll(item);
    }

    private static ObjectNode byFragment(ArrayNode a, String fragment) {
        for (JsonNode n : a) if (n.get("fragment").asText().equals(fragment)) return (ObjectNode) n;
        return null;
    }
}
