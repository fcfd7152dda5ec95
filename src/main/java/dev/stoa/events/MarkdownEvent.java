package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Events of realm data the Markdown renderer uses: linkifiers and custom emoji. */
public sealed interface MarkdownEvent extends Event {
    /** realm_linkifiers: the whole ordered list (sent only to queues with linkifier_url_template). */
    record Linkifiers(ArrayNode realmLinkifiers) implements MarkdownEvent {
        public EventType type() { return EventType.REALM_LINKIFIERS; }
    }

    /**
     * realm_emoji add/edit: one emoji. The hint realm_emoji is the whole dict after the
     * change, which delivery sends as the legacy op "update" to queues without
     * individual_emoji_changes.
     */
    record Emoji(String op, ObjectNode emoji, @JsonIgnore Hints hints) implements MarkdownEvent {
        public EventType type() { return EventType.REALM_EMOJI; }
    }
}
