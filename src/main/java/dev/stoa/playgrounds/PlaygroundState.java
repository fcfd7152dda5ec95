package dev.stoa.playgrounds;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's realm_playgrounds. */
public final class PlaygroundState implements StateContributor {
    private final PlaygroundStore store;

    public PlaygroundState(PlaygroundStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm_playgrounds"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("realm_playgrounds", store.json(ctx.h()));
    }
}
