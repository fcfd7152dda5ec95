package dev.stoa.app;

import dev.stoa.mutedtopics.LegacyMutedTopics;
import dev.stoa.mutedtopics.MutedTopicsDelivery;
import dev.stoa.mutedtopics.MutedTopicsState;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import dev.stoa.topics.UserTopicActions;
import dev.stoa.topics.UserTopicState;
import dev.stoa.topics.UserTopicStore;
import java.util.List;
import java.util.Map;

/**
 * Topic visibility and muted users; `legacy` is the muted_topics list Zulip still serves to older
 * clients, announced with every change.
 */
final class TopicsModule implements Module {
    final UserTopicStore store = new UserTopicStore();
    final UserTopicActions actions;
    final LegacyMutedTopics legacy;

    TopicsModule(Core c, UserTopicActions.MuteHook muteHook) {
        this.legacy = new LegacyMutedTopics(store, c.channels(), c.log());
        this.actions = new UserTopicActions(c.db(), c.log(), store, c.users(), c.channelAccess(), c.clock(), legacy::announce, muteHook);
    }

    @Override
    public List<StateContributor> state() { return List.of(new UserTopicState(store), new MutedTopicsState(legacy)); }

    @Override
    public Map<String, Delivery.TypeRule> deliveryRules() { return Map.of("muted_topics", MutedTopicsDelivery.RULE); }
}
