package dev.stoa.push;

import dev.stoa.identity.User;
import dev.stoa.messages.Flags;

/**
 * Whether a new message is pushed to one recipient, and why: Zulip's
 * UserMessageNotificationsData.get_push_notification_trigger (zerver/lib/notification_data.py), with
 * the recipient sets of get_recipient_info (zerver/actions/message_send.py). Never to the sender or
 * for a muted sender. While the user is active at a client (not idle), only with
 * enable_online_push_notifications. Then, in Zulip's order: direct messages and personal or group
 * mentions (enable_offline_push_notifications); wildcard mentions in a followed topic
 * (enable_followed_topic_wildcard_mentions_notify) or where wildcard_mentions_notify allows (the
 * subscription's, else the user's, in an unmuted channel and topic); followed topics
 * (enable_followed_topic_push_notifications); the channel's push_notifications (the subscription's,
 * else enable_stream_push_notifications) in an unmuted channel and topic.
 */
final class PushTriggers {
    static final int MUTED = 1, UNMUTED = 2, FOLLOWED = 3;

    /** Zulip's NotificationTriggers that reach a phone (the payload's subtitle says which). */
    enum Trigger { DIRECT_MESSAGE, MENTION, WILDCARD_MENTION_IN_FOLLOWED_TOPIC, WILDCARD_MENTION, FOLLOWED_TOPIC, STREAM_PUSH }

    private PushTriggers() {}

    /** The trigger, or null when nothing is pushed. `policy` is the user's visibility policy of the topic (null: none). */
    static Trigger trigger(User u, PushNotifyStore.Candidate c, boolean dm, Integer policy, boolean idle) {
        if (!idle && !u.setting("enable_online_push_notifications").asBoolean(true)) return null;
        if (c.senderMuted()) return null;
        boolean offline = u.setting("enable_offline_push_notifications").asBoolean(true);
        if (dm) return offline ? Trigger.DIRECT_MESSAGE : null;
        if (offline && (c.flags() & Flags.MENTIONED) != 0) return Trigger.MENTION;
        boolean followed = policy != null && policy == FOLLOWED;
        boolean wildcard = (c.flags() & (Flags.STREAM_WILDCARD | Flags.TOPIC_WILDCARD)) != 0;
        if (offline && wildcard && followed && u.setting("enable_followed_topic_wildcard_mentions_notify").asBoolean(true)) {
            return Trigger.WILDCARD_MENTION_IN_FOLLOWED_TOPIC;
        }
        if (offline && wildcard && allows(c, policy, c.wildcardMentionsNotify(), u.setting("wildcard_mentions_notify").asBoolean(true))) {
            return Trigger.WILDCARD_MENTION;
        }
        if (followed && u.setting("enable_followed_topic_push_notifications").asBoolean(true)) return Trigger.FOLLOWED_TOPIC;
        if (allows(c, policy, c.pushNotifications(), u.setting("enable_stream_push_notifications").asBoolean(false))) return Trigger.STREAM_PUSH;
        return null;
    }

    /**
     * For an edit that newly mentions the user (maybe_enqueue_notifications_for_message_update): never
     * where a new message would have notified them anyway (the channel's push notifications, a
     * followed topic: Zulip assumes the original message did); else the mention as for a new message.
     */
    static Trigger forEdit(User u, PushNotifyStore.Candidate c, Integer policy, boolean idle) {
        boolean followed = policy != null && policy == FOLLOWED;
        if (followed && u.setting("enable_followed_topic_push_notifications").asBoolean(true)) return null;
        if (allows(c, policy, c.pushNotifications(), u.setting("enable_stream_push_notifications").asBoolean(false))) return null;
        Trigger t = trigger(u, c, false, policy, idle);
        return t == Trigger.FOLLOWED_TOPIC || t == Trigger.STREAM_PUSH ? null : t;
    }

    /**
     * Zulip's user_allows_notifications_in_StreamTopic: a subscriber, the channel unmuted (or the topic
     * unmuted in a muted channel), the topic not muted; then the subscription's setting, else the user's.
     */
    private static boolean allows(PushNotifyStore.Candidate c, Integer policy, Boolean channelSetting, boolean userSetting) {
        if (!c.subscribed()) return false;
        if (c.channelMuted() && (policy == null || policy != UNMUTED)) return false;
        if (policy != null && policy == MUTED) return false;
        return channelSetting != null ? channelSetting : userSetting;
    }
}
