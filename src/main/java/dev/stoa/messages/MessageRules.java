package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.channels.Channel;
import dev.stoa.groups.GroupResolver;
import dev.stoa.groups.GroupStore;
import dev.stoa.identity.User;
import dev.stoa.markdown.Rendered;
import dev.stoa.realm.Realm;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Handle;

/** Rules shared by sending, editing, fetching and flags: content and topic checks, group mentions, `with` narrows, readable messages. */
final class MessageRules {
    static final String RESOLVED_PREFIX = "✔ ";
    static final long LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000L;
    static final int MAX_FETCH = 5000;
    /** Zulip's threshold above which wildcard mentions need can_mention_many_users_group. */
    static final int WILDCARD_MENTION_THRESHOLD = 15;

    private MessageRules() {}

    /** Looks a user up by delivery email or the API email Zulip clients send (user<id>@host). */
    static User userByEmail(Handle h, UserStore users, String email) {
        User u = users.byEmail(h, email).orElse(null);
        if (u != null) return u;
        Matcher m = Pattern.compile("(?i)user(\\d{1,18})@.*").matcher(email);
        if (m.matches()) return users.byId(h, Long.parseLong(m.group(1))).orElse(null);
        return null;
    }

    /** Zulip strips surrounding whitespace and drops control characters from topics. */
    static String cleanTopic(String topic) {
        StringBuilder b = new StringBuilder();
        topic.strip().codePoints().forEach(cp -> {
            if (!Character.isISOControl(cp)) b.appendCodePoint(cp);
        });
        return b.toString();
    }

    static int codePoints(String s) {
        return s.codePointCount(0, s.length());
    }

    static String normalizeContent(String content) {
        String c = content.stripTrailing();
        while (c.startsWith("\n")) c = c.substring(1);
        if (c.isBlank()) throw MessageErrors.messageMustNotBeEmpty();
        if (c.indexOf('\0') >= 0) throw MessageErrors.messageMustNotContainNullBytes();
        if (codePoints(c) > Realm.MAX_MESSAGE_LENGTH) {
            String suffix = "\n[message truncated]";
            c = c.substring(0, c.offsetByCodePoints(0, Realm.MAX_MESSAGE_LENGTH - suffix.length())) + suffix;
        }
        return c;
    }

    /** Everyone in the groups the content mentions (sending and editing). */
    static Set<Long> groupMembers(GroupStore groups, Handle h, Rendered r) {
        Set<Long> out = new HashSet<>();
        for (long g : r.mentionedGroupIds()) out.addAll(groups.membersRecursive(h, g));
        return out;
    }

    /**
     * The one wildcard-mention rule of sends and content edits (Zulip checks both alike): a channel
     * wildcard in a channel of more than 15 subscribers, or a topic wildcard in a topic of more than
     * 15 participants, needs can_mention_many_users_group. participants is asked only for a topic wildcard.
     */
    static void checkWildcardMentions(Handle h, GroupResolver resolver, Realm rs, User sender, Rendered r, int subscriberCount,
                                      IntSupplier participantCount) {
        if (!r.streamWildcard() && !r.topicWildcard()) return;
        boolean many = resolver.isMember(h, sender.id(), rs.get("can_mention_many_users_group"));
        if (r.streamWildcard() && subscriberCount > WILDCARD_MENTION_THRESHOLD && !many) {
            throw MessageErrors.noPermissionToUseChannelWildcardMentions();
        }
        if (r.topicWildcard() && !many && participantCount.getAsInt() > WILDCARD_MENTION_THRESHOLD) {
            throw MessageErrors.noPermissionToUseTopicWildcardMentions();
        }
    }

    /** The topic as stored: display-name and "(no topic)" mean the empty topic; policy and topic creation checked. */
    static String checkTopic(Handle h, MessageStore store, GroupResolver resolver, String raw, Channel c, Realm rs, User me) {
        String topic = normalizeTopic(raw, rs);
        String policy = c.topicsPolicy() == null || c.topicsPolicy().equals("inherit")
                ? rs.get("topics_policy").asText("allow_empty_topic") : c.topicsPolicy();
        if (topic.isEmpty() && policy.equals("disable_empty_topic")) throw MessageErrors.topicsRequired();
        if (!topic.isEmpty() && policy.equals("empty_topic_only")) {
            throw MessageErrors.onlyGeneralChatTopicAllowed();
        }
        JsonNode create = c.setting("can_create_topic_group");
        if (create != null && !resolver.isMember(h, me.id(), create)) {
            if (!store.topicExists(h, c.id(), topic)) throw MessageErrors.noPermissionToCreateTopics();
        }
        return topic;
    }

    /** The topic a sent name stands for: cleaned, "general chat" (or the realm's name for it) as "", truncated. */
    static String normalizeTopic(String raw, Realm rs) {
        String topic = raw == null ? "" : cleanTopic(raw);  // drops control characters, NUL included
        if (topic.equals(Realm.EMPTY_TOPIC_DISPLAY_NAME) || topic.equals("(no topic)")
                || topic.equals(rs.get("realm_empty_topic_display_name") == null ? null : rs.get("realm_empty_topic_display_name").asText())) {
            topic = "";
        }
        if (codePoints(topic) > Realm.MAX_TOPIC_LENGTH) {
            topic = topic.substring(0, topic.offsetByCodePoints(0, Realm.MAX_TOPIC_LENGTH - 3)) + "...";
        }
        return topic;
    }

    /** `with`: the conversation of the given message replaces channel/topic/dm terms when the viewer can read it. */
    static Narrow resolveWith(Handle h, MessageStore store, Access.View view, Narrow narrow) {
        Narrow.With with = narrow.first(Narrow.With.class);
        if (with == null) return narrow;
        long id = with.messageId();
        Message m = store.byId(h, id).orElse(null);
        List<Narrow.Term> terms = new ArrayList<>();
        if (m == null || !Access.canRead(view, m, store.flagsOf(h, view.user().id(), id).orElse(null))) {
            for (Narrow.Term t : narrow.terms()) if (!(t instanceof Narrow.With)) terms.add(t);
            return new Narrow(terms);
        }
        for (Narrow.Term t : narrow.terms()) {
            if (!(t instanceof Narrow.With || t instanceof Narrow.InChannel || t instanceof Narrow.Topic || t instanceof Narrow.Dm)) terms.add(t);
        }
        if (m.isChannel()) {
            terms.add(new Narrow.InChannel(new Narrow.Ref(m.channelId(), null), false));
            terms.add(new Narrow.Topic(m.topic(), false));
        } else {
            List<Narrow.Ref> others = new ArrayList<>();
            for (long u : m.dmUserIds()) if (u != view.user().id()) others.add(new Narrow.Ref(u, null));
            if (others.isEmpty()) others.add(new Narrow.Ref(view.user().id(), null));
            terms.add(new Narrow.Dm(others, false));
        }
        return new Narrow(terms);
    }

    /** The message if the user may read it, else Zulip's "Invalid message(s)". */
    static Message readable(Handle h, MessageStore store, Access access, User me, long id) {
        Message m = store.byId(h, id).orElse(null);
        if (m == null || !Access.canRead(access.view(h, me), m, store.flagsOf(h, me.id(), id).orElse(null))) {
            throw MessageErrors.invalidMessage();
        }
        return m;
    }
}
