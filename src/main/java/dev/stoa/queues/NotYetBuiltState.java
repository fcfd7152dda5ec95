package dev.stoa.queues;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Initial state of features whose data cannot exist yet because nothing can create it: the
 * truthful empty value of each key. A feature that lands removes its keys here and registers
 * its own contributor.
 */
public final class NotYetBuiltState implements StateContributor {
    private static final Map<String, String> EMPTY = new LinkedHashMap<>();

    static {
        EMPTY.put("default_stream_groups", "realm_default_stream_groups=[]");
        EMPTY.put("onboarding_steps", "onboarding_steps=[]");
        // Stoa runs no embedded bots (Zulip's run Python in its server): creating one is refused as a
        // Zulip server without EMBEDDED_BOTS_ENABLED refuses it, and none is offered (issue 27).
        EMPTY.put("realm_embedded_bots", "realm_embedded_bots=[]");
        EMPTY.put("stop_words", "stop_words=[]");
    }

    @Override
    public Set<String> eventTypes() {
        var types = new HashSet<>(EMPTY.keySet());
        return types;
    }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        EMPTY.forEach((type, keys) -> {
            if (!ctx.fetches(type)) return;
            for (String kv : keys.split(";")) {
                String[] p = kv.split("=", 2);
                state.set(p[0], Json.parse(p[1]));
            }
        });
    }
}
