package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Per-user extras: saved snippets, drafts, navigation views, video-call tokens, alert words,
 * topic visibility, muted users, presence, and the legacy settings events. All but presence go to
 * the acting user's own clients only.
 */
public sealed interface MiscEvent extends Event {
    record SavedSnippetAdd(ObjectNode savedSnippet) implements MiscEvent {
        public EventType type() { return EventType.SAVED_SNIPPETS; }
        public String op() { return "add"; }
    }

    record SavedSnippetUpdate(ObjectNode savedSnippet) implements MiscEvent {
        public EventType type() { return EventType.SAVED_SNIPPETS; }
        public String op() { return "update"; }
    }

    record SavedSnippetRemove(long savedSnippetId) implements MiscEvent {
        public EventType type() { return EventType.SAVED_SNIPPETS; }
        public String op() { return "remove"; }
    }

    record DraftsAdd(ArrayNode drafts) implements MiscEvent {
        public EventType type() { return EventType.DRAFTS; }
        public String op() { return "add"; }
    }

    record DraftsUpdate(ObjectNode draft) implements MiscEvent {
        public EventType type() { return EventType.DRAFTS; }
        public String op() { return "update"; }
    }

    record DraftsRemove(long draftId) implements MiscEvent {
        public EventType type() { return EventType.DRAFTS; }
        public String op() { return "remove"; }
    }

    record NavigationViewAdd(ObjectNode navigationView) implements MiscEvent {
        public EventType type() { return EventType.NAVIGATION_VIEW; }
        public String op() { return "add"; }
    }

    /** `data` holds the changed fields (`is_pinned`, `name`). */
    record NavigationViewUpdate(String fragment, ObjectNode data) implements MiscEvent {
        public EventType type() { return EventType.NAVIGATION_VIEW; }
        public String op() { return "update"; }
    }

    record NavigationViewRemove(String fragment) implements MiscEvent {
        public EventType type() { return EventType.NAVIGATION_VIEW; }
        public String op() { return "remove"; }
    }

    record HasMeetingToken(boolean value) implements MiscEvent {
        public EventType type() { return EventType.HAS_MEETING_TOKEN; }
    }

    /** Zulip's name for the same change, for clients that only know Zoom. */
    record HasZoomToken(boolean value) implements MiscEvent {
        public EventType type() { return EventType.HAS_ZOOM_TOKEN; }
    }

    record AlertWords(List<String> alertWords) implements MiscEvent {
        public EventType type() { return EventType.ALERT_WORDS; }
    }

    record UserTopic(long streamId, String topicName, long lastUpdated, int visibilityPolicy) implements MiscEvent {
        public EventType type() { return EventType.USER_TOPIC; }
    }

    record MutedUsers(ArrayNode mutedUsers) implements MiscEvent {
        public EventType type() { return EventType.MUTED_USERS; }
    }

    /** presence: the event is one of the two forms in its hints, chosen per queue by Delivery. */
    record Presence(@JsonIgnore Hints hints) implements MiscEvent {
        public EventType type() { return EventType.PRESENCE; }
    }

    /** Legacy form of user_settings for display settings (clients without user_settings_object). */
    @com.fasterxml.jackson.annotation.JsonInclude(JsonInclude.Include.NON_NULL)
    record UpdateDisplaySettings(String user, String settingName, JsonNode setting, String languageName) implements MiscEvent {
        public EventType type() { return EventType.UPDATE_DISPLAY_SETTINGS; }
    }

    /** Legacy form of user_settings for notification settings. */
    record UpdateGlobalNotifications(String user, String notificationName, JsonNode setting) implements MiscEvent {
        public EventType type() { return EventType.UPDATE_GLOBAL_NOTIFICATIONS; }
    }

    /** scheduled_messages add/update/remove (issue 14): to the scheduling user's clients. */
    record ScheduledMessagesAdd(ArrayNode scheduledMessages) implements MiscEvent {
        public EventType type() { return EventType.SCHEDULED_MESSAGES; }
        public String op() { return "add"; }
    }

    record ScheduledMessagesUpdate(ObjectNode scheduledMessage) implements MiscEvent {
        public EventType type() { return EventType.SCHEDULED_MESSAGES; }
        public String op() { return "update"; }
    }

    record ScheduledMessagesRemove(long scheduledMessageId) implements MiscEvent {
        public EventType type() { return EventType.SCHEDULED_MESSAGES; }
        public String op() { return "remove"; }
    }

    /** reminders add/remove (Zulip 11, feature level 399): to the user's clients. */
    record RemindersAdd(ArrayNode reminders) implements MiscEvent {
        public EventType type() { return EventType.REMINDERS; }
        public String op() { return "add"; }
    }

    record RemindersRemove(long reminderId) implements MiscEvent {
        public EventType type() { return EventType.REMINDERS; }
        public String op() { return "remove"; }
    }
}
