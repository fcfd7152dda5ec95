package dev.stoa.app;

import dev.stoa.linkifiers.LinkifierActions;
import dev.stoa.linkifiers.LinkifierState;
import dev.stoa.linkifiers.LinkifierQueries;
import dev.stoa.linkifiers.LinkifierViews;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Linkifiers (realm filters). */
public final class LinkifiersModule implements Module {
    public final LinkifierActions actions;
    private final Core core;

    final LinkifierViews views;

    LinkifiersModule(Core c) {
        this.core = c;
        this.actions = new LinkifierActions(c.db(), c.log(), c.linkifiers());
        this.views = new LinkifierViews(new LinkifierQueries(c.db(), c.linkifiers()), actions);
    }

    @Override
    public List<StateContributor> state() {
        return List.of(new LinkifierState(core.linkifiers()));
    }
}
