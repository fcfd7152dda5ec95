package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** realm_user, realm_bot, custom_profile_fields and user_settings events. */
public sealed interface UserEvent extends Event {
    /** realm_user add: `person` is the full user object as GET /users returns it (hint placeholder: a stand-in). */
    record RealmUserAdd(ObjectNode person, @JsonIgnore Hints hints) implements UserEvent {
        public RealmUserAdd(ObjectNode person) { this(person, Hints.NONE); }
        public EventType type() { return EventType.REALM_USER; }
        public String op() { return "add"; }
    }

    /** realm_user update: `person` holds user_id and the changed fields only. */
    record RealmUserUpdate(ObjectNode person) implements UserEvent {
        public EventType type() { return EventType.REALM_USER; }
        public String op() { return "update"; }
    }

    /** realm_user remove: sent when a user becomes inaccessible to recipients. */
    record RealmUserRemove(ObjectNode person) implements UserEvent {
        public EventType type() { return EventType.REALM_USER; }
        public String op() { return "remove"; }
    }

    record RealmBotAdd(ObjectNode bot) implements UserEvent {
        public EventType type() { return EventType.REALM_BOT; }
        public String op() { return "add"; }
    }

    record RealmBotUpdate(ObjectNode bot) implements UserEvent {
        public EventType type() { return EventType.REALM_BOT; }
        public String op() { return "update"; }
    }

    record RealmBotDelete(ObjectNode bot) implements UserEvent {
        public EventType type() { return EventType.REALM_BOT; }
        public String op() { return "delete"; }
    }

    /** custom_profile_fields: the whole new list of fields. */
    record CustomProfileFields(JsonNode fields) implements UserEvent {
        public EventType type() { return EventType.CUSTOM_PROFILE_FIELDS; }
    }

    /** user_settings update: one setting of the acting user changed; language_name only for default_language. */
    @com.fasterxml.jackson.annotation.JsonInclude(JsonInclude.Include.NON_NULL)
    record UserSettingsUpdate(String property, JsonNode value, String languageName) implements UserEvent {
        public EventType type() { return EventType.USER_SETTINGS; }
        public String op() { return "update"; }
    }
}
