package dev.stoa.signin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Router;

/**
 * PATCH /realm's authentication_methods (owners only), around the realm's own view: checked before
 * the other settings change, applied after them, as Zulip's update_realm.
 */
public final class RealmAuthMethodViews {
    private final SignInMethodActions methods;

    public RealmAuthMethodViews(SignInMethodActions methods) {
        this.methods = methods;
    }

    public Router.Handler around(Router.Handler realmUpdate) {
        return req -> {
            JsonNode wanted = req.has("authentication_methods") ? req.json("authentication_methods") : null;
            if (wanted == null) return realmUpdate.handle(req);
            if (!req.user().isAdmin()) return realmUpdate.handle(req); // Zulip's require_realm_admin answers first
            var change = methods.checkRequest(req.user(), wanted);
            Object out = realmUpdate.handle(req);
            if (methods.doSet(change) && out instanceof ObjectNode o) o.set("authentication_methods", wanted);
            return out;
        };
    }
}
