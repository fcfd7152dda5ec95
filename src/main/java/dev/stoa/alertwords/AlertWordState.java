package dev.stoa.alertwords;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's alert_words. */
public final class AlertWordState implements StateContributor {
    private final AlertWordStore store;

    public AlertWordState(AlertWordStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("alert_words"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("alert_words", ctx.userId() == null ? Json.array() : Json.tree(store.words(ctx.h(), ctx.userId())));
    }
}
