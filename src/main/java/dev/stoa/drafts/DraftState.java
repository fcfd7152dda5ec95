package dev.stoa.drafts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import dev.stoa.identity.User;
import java.util.Set;

/** register's drafts: empty when the user turned draft synchronization off. */
public final class DraftState implements StateContributor {
    private final DraftStore store;

    public DraftState(DraftStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("drafts"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        User me = ctx.viewer();
        boolean show = me != null && DraftActions.syncEnabled(me);
        state.set("drafts", show ? DraftJson.all(store.all(ctx.h(), me.id())) : Json.array());
    }
}
