package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** realm_user, realm_bot, custom_profile_fields and user_settings events. */
public sealed interface UserEvent extends Event {
    /** realm_user add: `person` is the full user object as GET /users returns it (hint placeholder: a stand-in). */
    record RealmUserAdd(ObjectNode person, @JsonIgnore Hints hints) implements UserEvent {
        public RealmUserAdd(ObjectNode person) { this(person, Hints.NONE); }
        public String type() { return "realm_user"; }
        public String op() { return "add"; }
    }

    /** realm_user update: `person` holds user_id and the changed fields only. */
    record RealmUserUpdate(ObjectNode person) implements UserEvent {
        public String type() { return "realm_user"; }
        public String op() { return "update"; }
    }

    /** realm_user remove: sent when a user becomes inaccessible to recipients. */
    record RealmUserRemove(ObjectNode person) implements UserEvent {
        public String type() { return "realm_user"; }
        public String op() { return "remove"; }
    }

    record RealmBotAdd(ObjectNode bot) implements UserEvent {
        public String type() { return "realm_bot"; }
        public String op() { return "add"; }
    }

    record RealmBotUpdate(ObjectNode bot) implements UserEvent {
        public String type() { return "realm_bot"; }
        public String op() { return "update"; }
    }

    record RealmBotDelete(ObjectNode bot) implements UserEvent {
        public String type() { return "realm_bot"; }
        public String op() { return "delete"; }
    }

    /** custom_profile_fields: the whole new list of fields. */
    record CustomProfileFields(JsonNode fields) implements UserEvent {
        public String type() { return "custom_profile_fields"; }
    }

    /** user_settings update: one setting of the acting user changed; language_name only for default_language. */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    record UserSettingsUpdate(String property, JsonNode value, String languageName) implements UserEvent {
        public String type() { return "user_settings"; }
        public String op() { return "update"; }
    }
}
