package dev.stoa.topics;

import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import java.time.Clock;
import java.util.Set;

/**
 * A deleted topic's visibility policies go, inside the deleting transaction (messages' topic
 * deletion calls it). A class of its own so that it exists before the messages feature, which
 * UserTopicActions needs in turn (its mute hook): the two bind at construction, with no cycle.
 */
public final class TopicPolicyClearing {
    private final EventLog log;
    private final UserTopicStore store;
    private final Clock clock;
    private final UserTopicActions.LegacyAnnouncer legacy;

    public TopicPolicyClearing(EventLog log, UserTopicStore store, Clock clock, UserTopicActions.LegacyAnnouncer legacy) {
        this.log = log;
        this.store = store;
        this.clock = clock;
        this.legacy = legacy;
    }

    /** Every user's policy but keep's (users who still have messages there), each with a user_topic event (policy 0) as Zulip sends them. */
    public void doClearTopic(Tx tx, long streamId, String topic, Set<Long> keep) {
        long now = clock.instant().getEpochSecond();
        for (long userId : store.usersWithPolicy(tx.h(), streamId, topic)) {
            if (keep.contains(userId)) continue;
            String stored = store.policy(tx.h(), userId, streamId, topic).map(UserTopicStore.Policy::topic).orElse(topic);
            store.remove(tx.h(), userId, streamId, topic);
            legacy.announce(tx, userId);
            log.append(tx, new MiscEvent.UserTopic(streamId, stored, now, 0), Recipients.users(userId));
        }
    }
}
