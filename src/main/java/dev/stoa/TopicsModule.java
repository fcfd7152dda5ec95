package dev.stoa;

import dev.stoa.queues.StateContributor;
import dev.stoa.topics.UserTopicActions;
import dev.stoa.topics.UserTopicState;
import dev.stoa.topics.UserTopicStore;
import java.util.List;

/** Topic visibility and muted users. */
final class TopicsModule implements Module {
    final UserTopicStore store = new UserTopicStore();
    final UserTopicActions actions;

    TopicsModule(Core c) {
        this.actions = new UserTopicActions(c.db(), c.log(), store, c.users(), c.channelAccess(), c.clock());
    }

    @Override
    public List<StateContributor> state() { return List.of(new UserTopicState(store)); }
}
