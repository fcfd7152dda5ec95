package dev.stoa.messages;

import dev.stoa.channels.Subscription;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.topics.UserTopicStore;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * Whether a user's unread channel message is muted for unread counts, Zulip's rule: in a muted
 * channel only unmuted and followed topics count; in any other channel every topic but a muted
 * one does. (Messages of muted users are never unread: they are marked read when the user is
 * muted and delivered read afterwards.)
 */
final class UnreadMuting {
    private static final int MUTED = 1, UNMUTED = 2, FOLLOWED = 3;

    private final Set<Long> mutedChannels;
    /** channel id + NUL + lower-cased topic → visibility policy. */
    private final Map<String, Integer> policies;

    private UnreadMuting(Set<Long> mutedChannels, Map<String, Integer> policies) {
        this.mutedChannels = mutedChannels;
        this.policies = policies;
    }

    /** Two queries: the user's active muted subscriptions and topic policies. */
    static UnreadMuting of(Handle h, SubscriptionStore subs, UserTopicStore topics, long userId) {
        Set<Long> muted = new HashSet<>();
        for (Subscription s : subs.ofUser(h, userId)) if (s.active() && s.isMuted()) muted.add(s.channelId());
        Map<String, Integer> policies = new HashMap<>();
        for (UserTopicStore.Policy p : topics.policies(h, userId)) policies.put(key(p.streamId(), p.topic()), p.visibilityPolicy());
        return new UnreadMuting(muted, policies);
    }

    boolean muted(long channelId, String topic) {
        int policy = policies.getOrDefault(key(channelId, topic), 0);
        if (mutedChannels.contains(channelId)) return policy != UNMUTED && policy != FOLLOWED;
        return policy == MUTED;
    }

    private static String key(long channelId, String topic) {
        return channelId + "\u0000" + topic.toLowerCase(Locale.ROOT);
    }
}
