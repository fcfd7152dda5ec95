package dev.stoa.playgrounds;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.List;
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
        state.set("realm_playgrounds", json(store.all(ctx.h())));
    }

    /** register's realm_playgrounds and the realm_playgrounds event: every playground, by id. */
    static ArrayNode json(List<PlaygroundStore.Playground> playgrounds) {
        ArrayNode out = Json.array();
        for (var p : playgrounds) {
            out.add(Json.object().put("id", p.id()).put("name", p.name()).put("pygments_language", p.pygmentsLanguage()).put("url_template", p.urlTemplate()));
        }
        return out;
    }
}
