package dev.stoa.realmdomains;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's realm_domains (spectators too, as Zulip). */
public final class RealmDomainState implements StateContributor {
    private final RealmDomainStore store;

    public RealmDomainState(RealmDomainStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm_domains"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        ArrayNode out = state.putArray("realm_domains");
        store.all(ctx.h()).forEach(d -> out.add(json(d)));
    }

    /** As Zulip's RealmDomainDict: the domain and whether its subdomains count (no id). */
    static ObjectNode json(RealmDomainStore.Domain d) {
        return Json.object().put("domain", d.domain()).put("allow_subdomains", d.allowSubdomains());
    }
}
