package dev.stoa.app;

import dev.stoa.queues.StateContributor;
import dev.stoa.snippets.SnippetActions;
import dev.stoa.snippets.SnippetState;
import dev.stoa.snippets.SnippetStore;
import dev.stoa.snippets.SnippetQueries;
import dev.stoa.snippets.SnippetViews;
import java.util.List;

/** Saved snippets. */
final class SnippetsModule implements Module {
    final SnippetStore store = new SnippetStore();
    final SnippetActions actions;

    final SnippetViews views;

    SnippetsModule(Core c) {
        this.actions = new SnippetActions(c.db(), c.log(), store, c.clock());
        this.views = new SnippetViews(new SnippetQueries(c.db(), store), actions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new SnippetState(store)); }
}
