package dev.stoa.testing;

import static dev.stoa.testing.EventApplier.on;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** How a client applies realm_linkifiers and realm_emoji events. */
final class MarkdownAppliers {
    private MarkdownAppliers() {}

    static void register() {
        on("realm_linkifiers", (s, e) -> s.set("realm_linkifiers", e.get("realm_linkifiers")));
        on("realm_filters", (s, e) -> s.set("realm_filters", e.get("realm_filters")));
        on("realm_emoji/update", (s, e) -> s.set("realm_emoji", e.get("realm_emoji")));
        on("realm_emoji/add", MarkdownAppliers::putEmoji);
        on("realm_emoji/edit", MarkdownAppliers::putEmoji);
    }

    private static void putEmoji(ObjectNode s, ObjectNode e) {
        if (!s.has("realm_emoji")) throw new AssertionError("register state has no realm_emoji");
        ((ObjectNode) s.get("realm_emoji")).set(e.get("emoji").get("id").asText(), e.get("emoji"));
    }
}
