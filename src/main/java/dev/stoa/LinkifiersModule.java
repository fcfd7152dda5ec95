package dev.stoa;

import dev.stoa.linkifiers.LinkifierActions;
import dev.stoa.linkifiers.LinkifierState;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Linkifiers (realm filters). */
final class LinkifiersModule implements Module {
    final LinkifierActions actions;
    private final Core core;

    LinkifiersModule(Core c) {
        this.core = c;
        this.actions = new LinkifierActions(c.db(), c.log(), c.linkifiers());
    }

    @Override
    public List<StateContributor> state() {
        return List.of(new LinkifierState(core.linkifiers()));
    }
}
