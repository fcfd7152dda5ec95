package dev.stoa.missedmail;

import dev.stoa.identity.User;
import dev.stoa.messages.Flags;
import java.util.Locale;
import java.util.Map;

/**
 * Whether an unread message is worth an email to its recipient, by the recipient's settings (as
 * Zulip's missed-message triggers): direct messages and personal or group mentions by
 * enable_offline_email_notifications; wildcard mentions also by wildcard_mentions_notify (the
 * subscription's, else the user's); followed topics by enable_followed_topic_email_notifications;
 * any message of a subscribed, unmuted channel by the subscription's email_notifications, else
 * enable_stream_email_notifications. Nothing from a muted sender.
 */
final class MissedMailRules {
    static final int MUTED = 1, UNMUTED = 2, FOLLOWED = 3;

    /** Why a message is mailed; the mail says it. */
    enum Reason { DIRECT_MESSAGE, MENTION, WILDCARD_MENTION, FOLLOWED_TOPIC, CHANNEL }

    private MissedMailRules() {}

    /** The reason to mail `c` to `u`, or null when the settings say no. */
    static Reason reason(User u, MissedMailStore.Candidate c, Map<Long, Map<String, Integer>> topicPolicies) {
        if (c.senderMuted()) return null;
        boolean offline = u.setting("enable_offline_email_notifications").asBoolean(true);
        if (c.channelId() == null) return offline ? Reason.DIRECT_MESSAGE : null;
        if (offline && (c.flags() & Flags.MENTIONED) != 0) return Reason.MENTION;
        boolean wildcard = (c.flags() & (Flags.STREAM_WILDCARD | Flags.TOPIC_WILDCARD)) != 0;
        boolean wildcardNotify = c.wildcardMentionsNotify() != null ? c.wildcardMentionsNotify()
                : u.setting("wildcard_mentions_notify").asBoolean(true);
        if (offline && wildcard && wildcardNotify) return Reason.WILDCARD_MENTION;
        Integer policy = topicPolicies.getOrDefault(c.channelId(), Map.of()).get(c.topic().toLowerCase(Locale.ROOT));
        if (policy != null && policy == FOLLOWED && u.setting("enable_followed_topic_email_notifications").asBoolean(true)) {
            return Reason.FOLLOWED_TOPIC;
        }
        if (!c.subscribed() || muted(c.channelMuted(), policy)) return null;
        boolean channelEmail = c.emailNotifications() != null ? c.emailNotifications()
                : u.setting("enable_stream_email_notifications").asBoolean(false);
        return channelEmail ? Reason.CHANNEL : null;
    }

    /** A muted channel's topic is heard only when unmuted or followed; a heard channel's topic is silent when muted. */
    private static boolean muted(boolean channelMuted, Integer policy) {
        if (channelMuted) return policy == null || (policy != UNMUTED && policy != FOLLOWED);
        return policy != null && policy == MUTED;
    }
}
