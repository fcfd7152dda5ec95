package dev.stoa.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** realm events: settings changes. */
public sealed interface RealmEvent extends Event {
    /** realm update: one property (legacy form, still sent for some properties). */
    record Update(String property, JsonNode value) implements RealmEvent {
        public EventType type() { return EventType.REALM; }
        public String op() { return "update"; }
    }

    /** realm update_dict: several properties under `property: "default"`. */
    record UpdateDict(String property, ObjectNode data) implements RealmEvent {
        public EventType type() { return EventType.REALM; }
        public String op() { return "update_dict"; }
    }

    /** The organization was deactivated: wakes every parked long-poll, whose next request is refused. */
    record Deactivated(long realmId) implements RealmEvent {
        public EventType type() { return EventType.REALM; }
        public String op() { return "deactivated"; }
    }

    /**
     * The organization was reactivated. Zulip sends no event for it (nobody is connected); this one
     * goes to nobody and only tells every node's RealmHolder, which reloads on realm events.
     */
    record Reactivated(long realmId) implements RealmEvent {
        public EventType type() { return EventType.REALM; }
        public String op() { return "reactivated"; }
    }
}
