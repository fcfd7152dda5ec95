package dev.stoa.app;

import dev.stoa.navigation.NavigationActions;
import dev.stoa.navigation.NavigationState;
import dev.stoa.navigation.NavigationStore;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Navigation views. */
final class NavigationModule implements Module {
    final NavigationStore store = new NavigationStore();
    final NavigationActions actions;

    NavigationModule(Core c) {
        this.actions = new NavigationActions(c.db(), c.log(), store);
    }

    @Override
    public List<StateContributor> state() { return List.of(new NavigationState(store)); }
}
