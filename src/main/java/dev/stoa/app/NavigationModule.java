package dev.stoa.app;

import dev.stoa.navigation.NavigationActions;
import dev.stoa.navigation.NavigationState;
import dev.stoa.navigation.NavigationStore;
import dev.stoa.navigation.NavigationQueries;
import dev.stoa.navigation.NavigationViews;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Navigation views. */
final class NavigationModule implements Module {
    final NavigationStore store = new NavigationStore();
    final NavigationActions actions;

    final NavigationViews views;

    NavigationModule(Core c) {
        this.actions = new NavigationActions(c.db(), c.log(), store);
        this.views = new NavigationViews(new NavigationQueries(c.db(), store), actions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new NavigationState(store)); }
}
