package dev.stoa.navigation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's navigation_views. */
public final class NavigationState implements StateContributor {
    private final NavigationStore store;

    public NavigationState(NavigationStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("navigation_view", "navigation_views"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("navigation_views", ctx.userId() == null ? Json.array() : NavigationJson.all(store.all(ctx.h(), ctx.userId())));
    }
}
