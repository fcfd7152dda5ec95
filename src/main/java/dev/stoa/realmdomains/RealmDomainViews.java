package dev.stoa.realmdomains;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;

/**
 * GET/POST /realm/domains, PATCH/DELETE /realm/domains/{domain}. As Zulip, the owner check comes
 * before the parameters are read (its decorator runs first); the actions check it again.
 */
public final class RealmDomainViews {
    private final RealmDomainQueries queries;
    private final RealmDomainActions actions;

    public RealmDomainViews(RealmDomainQueries queries, RealmDomainActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object list(Request req) {
        ObjectNode out = Json.success();
        var domains = out.putArray("domains");
        queries.all().forEach(d -> domains.add(RealmDomainState.json(d)));
        return out;
    }

    public Object add(Request req) {
        User me = req.user();
        UserRules.requireOwner(me);
        String domain = RealmDomainRules.checkDomain(req.str("domain"));
        boolean allow = allowSubdomains(req);
        long id = actions.checkAdd(me, domain, allow);
        ObjectNode out = Json.success();
        out.putArray("new_domain").add(id).add(domain);
        return out;
    }

    public Object change(Request req) {
        User me = req.user();
        UserRules.requireOwner(me);
        actions.checkChange(me, req.pathParam("domain"), allowSubdomains(req));
        return Json.success();
    }

    public Object remove(Request req) {
        User me = req.user();
        UserRules.requireOwner(me);
        actions.checkRemove(me, req.pathParam("domain"));
        return Json.success();
    }

    private static boolean allowSubdomains(Request req) {
        return req.optBool("allow_subdomains").orElseThrow(() -> ApiError.missing("allow_subdomains"));
    }
}
