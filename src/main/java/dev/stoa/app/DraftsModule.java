package dev.stoa.app;

import dev.stoa.drafts.DraftActions;
import dev.stoa.drafts.DraftState;
import dev.stoa.drafts.DraftStore;
import dev.stoa.drafts.DraftQueries;
import dev.stoa.drafts.DraftViews;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Drafts synchronized to the server. */
final class DraftsModule implements Module {
    final DraftStore store = new DraftStore();
    final DraftActions actions;

    final DraftViews views;

    DraftsModule(Core c) {
        this.actions = new DraftActions(c.db(), c.log(), store, c.users(), c.channelAccess());
        this.views = new DraftViews(new DraftQueries(c.db(), store), actions, c.clock());
    }

    @Override
    public List<StateContributor> state() { return List.of(new DraftState(store)); }
}
