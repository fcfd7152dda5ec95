package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ArrayNode;

/** Data exports of the organization (issue 14): sent to the organization's human administrators. */
public sealed interface ExportEvent extends Event {
    /** The organization's whole list of exports (Zulip's RealmExport objects), after any change to one. */
    record RealmExport(ArrayNode exports) implements ExportEvent {
        public EventType type() { return EventType.REALM_EXPORT; }
    }

    /** A user's allow_private_data_export changed. */
    record RealmExportConsent(long userId, boolean consented) implements ExportEvent {
        public EventType type() { return EventType.REALM_EXPORT_CONSENT; }
    }
}
