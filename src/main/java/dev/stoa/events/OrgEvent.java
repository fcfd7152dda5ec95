package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Issue 14's additions: user status, the organization's allowed email domains and code
 * playgrounds, and the legacy muted_topics list.
 */
public sealed interface OrgEvent extends Event {
    /** A user's status change: only the fields the change set (Zulip's event carries nothing else). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record UserStatus(long userId, Boolean away, String statusText, String emojiName, String emojiCode, String reactionType)
            implements OrgEvent {
        public EventType type() { return EventType.USER_STATUS; }
    }

    /** `realmDomain`: {domain, allow_subdomains}. */
    record RealmDomainAdd(ObjectNode realmDomain) implements OrgEvent {
        public EventType type() { return EventType.REALM_DOMAINS; }
        public String op() { return "add"; }
    }

    record RealmDomainChange(ObjectNode realmDomain) implements OrgEvent {
        public EventType type() { return EventType.REALM_DOMAINS; }
        public String op() { return "change"; }
    }

    record RealmDomainRemove(String domain) implements OrgEvent {
        public EventType type() { return EventType.REALM_DOMAINS; }
        public String op() { return "remove"; }
    }

    /** The organization's whole list of code playgrounds, after any change. */
    record RealmPlaygrounds(ArrayNode realmPlaygrounds) implements OrgEvent {
        public EventType type() { return EventType.REALM_PLAYGROUNDS; }
    }

    /**
     * The legacy form of topic muting: the user's whole muted-topics list, [[channel name, topic,
     * muted at], ...], sent before each user_topic event to queues that asked for muted_topics
     * without user_topic (Delivery drops it for the others).
     */
    record MutedTopics(ArrayNode mutedTopics) implements OrgEvent {
        public EventType type() { return EventType.MUTED_TOPICS; }
    }

    /** The set of invitations changed: a signal to refetch GET /invites (administrators and the invitation's creator). */
    record InvitesChanged() implements OrgEvent {
        public EventType type() { return EventType.INVITES_CHANGED; }
    }
}
