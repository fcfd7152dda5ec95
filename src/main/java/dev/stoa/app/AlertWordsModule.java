package dev.stoa.app;

import dev.stoa.alertwords.AlertWordActions;
import dev.stoa.alertwords.AlertWordState;
import dev.stoa.alertwords.AlertWordStore;
import dev.stoa.alertwords.AlertWordQueries;
import dev.stoa.alertwords.AlertWordViews;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Alert words. */
final class AlertWordsModule implements Module {
    final AlertWordStore store;
    final AlertWordActions actions;

    final AlertWordViews views;

    AlertWordsModule(Core c) {
        this.store = new AlertWordStore(c.log());
        this.actions = new AlertWordActions(c.db(), c.log(), store);
        this.views = new AlertWordViews(new AlertWordQueries(c.db(), store), actions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new AlertWordState(store)); }
}
