package dev.stoa.snippets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's saved_snippets. */
public final class SnippetState implements StateContributor {
    private final SnippetStore store;

    public SnippetState(SnippetStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("saved_snippets"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("saved_snippets", ctx.userId() == null ? Json.array() : SnippetJson.all(store.all(ctx.h(), ctx.userId())));
    }
}
