package dev.stoa;

import dev.stoa.queues.StateContributor;
import dev.stoa.topics.ChannelAccess;
import dev.stoa.topics.UserTopicActions;
import dev.stoa.topics.UserTopicState;
import dev.stoa.topics.UserTopicStore;
import java.util.List;

/** Topic visibility and muted users; `channels` is who may address a channel (also drafts). */
final class TopicsModule implements Module {
    final UserTopicStore store = new UserTopicStore();
    final UserTopicActions actions;
    final ChannelAccess channels = ChannelAccess.subscribedOrPublic();

    TopicsModule(Core c) {
        this.actions = new UserTopicActions(c.db(), c.log(), store, c.clock());
    }

    @Override
    public List<StateContributor> state() { return List.of(new UserTopicState(store)); }
}
