package dev.stoa.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** realm events: settings changes. */
public sealed interface RealmEvent extends Event {
    /** realm update: one property (legacy form, still sent for some properties). */
    record Update(String property, JsonNode value) implements RealmEvent {
        public String type() { return "realm"; }
        public String op() { return "update"; }
    }

    /** realm update_dict: several properties under `property: "default"`. */
    record UpdateDict(String property, ObjectNode data) implements RealmEvent {
        public String type() { return "realm"; }
        public String op() { return "update_dict"; }
    }
}
