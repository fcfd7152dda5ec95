package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.realm.Realm;
import java.util.List;

/**
 * A message's `edit_history` as Zulip's message dicts carry it (zerver/lib/message_cache.py, filtered
 * in zerver/lib/message.py by the organization's message_edit_history_visibility_policy): one entry
 * per edit, most recent first, with user_id and timestamp and the fields the edit changed
 * (prev_content and prev_rendered_content, prev_topic and topic, prev_stream and stream). Under
 * "moves" only the moves are shown, without content; under "none" (or allow_edit_history false)
 * nothing. Absent when nothing is left to show.
 */
final class EditHistory {
    private EditHistory() {}

    /** The organization's policy: "all", "moves" or "none". */
    static String policy(Realm realm) {
        if (!realm.get("allow_edit_history").asBoolean(true)) return "none";
        return realm.get("message_edit_history_visibility_policy").asText("all");
    }

    /** The entries to show, or null (never edited, or nothing the policy lets through). */
    static ArrayNode of(List<MessageStore.Edit> edits, String policy) {
        if (edits == null || edits.isEmpty() || "none".equals(policy)) return null;
        boolean movesOnly = "moves".equals(policy);
        ArrayNode out = Json.array();
        for (MessageStore.Edit e : edits.reversed()) {
            boolean moved = e.prevTopic() != null || e.prevChannel() != null;
            if (movesOnly && !moved) continue;
            ObjectNode o = out.addObject();
            if (e.userId() == null) o.putNull("user_id"); else o.put("user_id", e.userId());
            o.put("timestamp", e.editTime());
            if (e.prevContent() != null && !movesOnly) o.put("prev_content", e.prevContent()).put("prev_rendered_content", e.prevRendered());
            if (e.prevTopic() != null) o.put("prev_topic", e.prevTopic()).put("topic", e.newTopic());
            if (e.prevChannel() != null) o.put("prev_stream", e.prevChannel()).put("stream", e.newChannel());
        }
        return out.isEmpty() ? null : out;
    }
}
