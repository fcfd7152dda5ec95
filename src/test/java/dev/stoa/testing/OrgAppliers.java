package dev.stoa.testing;

import static dev.stoa.testing.EventApplier.on;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** How a client applies issue 14's events: user status, realm domains, code playgrounds, legacy muted topics. */
final class OrgAppliers {
    private OrgAppliers() {}

    static void register() {
        on("user_status", OrgAppliers::userStatus);
        on("muted_topics", (s, e) -> s.set("muted_topics", e.get("muted_topics")));
        // A signal to refetch GET /invites: register's state holds nothing of invitations.
        on("invites_changed", (s, e) -> {});
        on("realm_playgrounds", (s, e) -> s.set("realm_playgrounds", e.get("realm_playgrounds")));
        on("realm_domains/add", (s, e) -> EventApplier.array(s, "realm_domains").add(e.get("realm_domain")));
        on("realm_domains/change", (s, e) -> {
            for (JsonNode d : EventApplier.array(s, "realm_domains")) {
                if (d.get("domain").equals(e.get("realm_domain").get("domain"))) ((ObjectNode) d).setAll((ObjectNode) e.get("realm_domain"));
            }
        });
        on("realm_domains/remove", (s, e) -> {
            for (var it = EventApplier.array(s, "realm_domains").iterator(); it.hasNext(); ) {
                if (it.next().get("domain").equals(e.get("domain"))) it.remove();
            }
        });
    }

    /** As Zulip's own apply_event: set what the event carries, drop what it clears, drop an empty entry. */
    private static void userStatus(ObjectNode s, ObjectNode e) {
        ObjectNode all = (ObjectNode) s.get("user_status");
        if (all == null) return;
        String id = e.get("user_id").asText();
        ObjectNode st = all.has(id) ? (ObjectNode) all.get(id) : all.putObject(id);
        if (e.has("away")) {
            if (e.get("away").asBoolean()) st.put("away", true);
            else st.remove("away");
        }
        if (e.has("status_text")) {
            if (e.get("status_text").asText().isEmpty()) st.remove("status_text");
            else st.set("status_text", e.get("status_text"));
        }
        if (e.has("emoji_name")) {
            if (e.get("emoji_name").asText().isEmpty()) {
                st.remove("emoji_name");
                st.remove("emoji_code");
                st.remove("reaction_type");
            } else {
                for (String k : new String[] {"emoji_name", "emoji_code", "reaction_type"}) st.set(k, e.get(k));
            }
        }
        if (st.isEmpty()) all.remove(id);
    }

    static JsonNode copyWithout(JsonNode e, String... keys) {
        ObjectNode c = e.deepCopy();
        for (String k : keys) c.remove(k);
        return c;
    }
}
