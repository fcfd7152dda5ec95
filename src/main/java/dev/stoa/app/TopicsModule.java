package dev.stoa.app;

import dev.stoa.events.EventType;
import dev.stoa.mutedtopics.LegacyMutedTopics;
import dev.stoa.mutedtopics.MutedTopicQueries;
import dev.stoa.mutedtopics.MutedTopicViews;
import dev.stoa.mutedtopics.MutedTopicsDelivery;
import dev.stoa.mutedtopics.MutedTopicsState;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import dev.stoa.topics.TopicPolicyClearing;
import dev.stoa.topics.UserTopicActions;
import dev.stoa.topics.UserTopicState;
import dev.stoa.topics.UserTopicStore;
import dev.stoa.topics.UserTopicViews;
import java.util.List;
import java.util.Map;

/**
 * Topic visibility and muted users; `legacy` is the muted_topics list Zulip still serves to older
 * clients, announced with every change.
 */
final class TopicsModule implements Module {
    /**
     * The part of topics that the messages feature calls inside its transactions (a deleted topic's
     * policies go), built before messages; the module itself is built after messages, whose flags
     * it calls when a user is muted.
     */
    record Policies(UserTopicStore store, LegacyMutedTopics legacy, TopicPolicyClearing clearing) {
        static Policies of(Core c) {
            UserTopicStore store = new UserTopicStore();
            LegacyMutedTopics legacy = new LegacyMutedTopics(store, c.channels(), c.log());
            return new Policies(store, legacy, new TopicPolicyClearing(c.log(), store, c.clock(), legacy::announce));
        }
    }

    final UserTopicStore store;
    final UserTopicActions actions;
    final LegacyMutedTopics legacy;

    final UserTopicViews views;
    /** The legacy PATCH /users/me/subscriptions/muted_topics. */
    final MutedTopicViews mutedTopicViews;

    TopicsModule(Core c, Policies policies, UserTopicActions.MuteHook muteHook) {
        this.store = policies.store();
        this.legacy = policies.legacy();
        this.actions = new UserTopicActions(c.db(), c.log(), store, c.users(), c.channelAccess(), c.clock(), legacy::announce, muteHook);
        this.views = new UserTopicViews(actions);
        this.mutedTopicViews = new MutedTopicViews(new MutedTopicQueries(c.db(), c.channels()), actions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new UserTopicState(store), new MutedTopicsState(legacy)); }

    @Override
    public Map<EventType, Delivery.TypeRule> deliveryRules() { return Map.of(EventType.MUTED_TOPICS, MutedTopicsDelivery.RULE); }
}
