package dev.stoa.linkifiers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/**
 * register's realm_linkifiers (empty without the linkifier_url_template capability, as Zulip
 * does) and the legacy realm_filters, which Zulip always sends empty since feature level 176.
 */
public final class LinkifierState implements StateContributor {
    private final LinkifierStore store;

    public LinkifierState(LinkifierStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm_linkifiers", "realm_filters"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        Set<String> wanted = ctx.options().spec().eventTypes();
        if (wanted == null || wanted.contains("realm_linkifiers")) {
            var list = Json.array();
            if (ctx.options().spec().can("linkifier_url_template")) store.all(ctx.h()).forEach(l -> list.add(l.toJson()));
            state.set("realm_linkifiers", list);
        }
        if (wanted == null || wanted.contains("realm_filters")) state.set("realm_filters", Json.array());
    }
}
