package dev.stoa.app;

import dev.stoa.playgrounds.PlaygroundActions;
import dev.stoa.playgrounds.PlaygroundState;
import dev.stoa.playgrounds.PlaygroundStore;
import dev.stoa.playgrounds.PlaygroundViews;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Code playgrounds; `realm` resets default_code_block_language when its playground goes. */
final class PlaygroundsModule implements Module {
    final PlaygroundStore store = new PlaygroundStore();
    final PlaygroundActions actions;

    final PlaygroundViews views;

    PlaygroundsModule(Core c, RealmModule realm) {
        this.actions = new PlaygroundActions(c.db(), c.log(), store, realm.actions);
        this.views = new PlaygroundViews(actions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new PlaygroundState(store)); }
}
