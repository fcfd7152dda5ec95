package dev.stoa.signin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.RealmEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jdbi.v3.core.Handle;

/**
 * The organization's choice among the configured sign-in methods (Zulip's RealmAuthenticationMethod):
 * PATCH /realm authentication_methods, owners only, never all off. Every sign-in path asks
 * {@link #current} whether its method is on; the choice lives in the database, so every node agrees.
 */
public final class SignInMethodActions {
    private final Db db;
    private final EventLog log;
    private final SignInMethodStore store;
    private final SignInMethods configured;
    private final DisabledSignInMethods cached;

    public SignInMethodActions(Db db, EventLog log, SignInMethodStore store, SignInMethods configured) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.configured = configured;
        this.cached = new DisabledSignInMethods(db, store, log);
    }

    /** The committed choice, from memory (every sign-in and /server_settings ask). */
    public SignInMethods current() {
        return configured.withDisabled(cached.disabled());
    }

    public SignInMethods current(Handle h) {
        return configured.withDisabled(store.disabled(h));
    }

    /** Zulip's checks in update_realm, before anything changes: owner, known names, at least one on. */
    public Map<String, Boolean> checkRequest(User caller, JsonNode dict) {
        if (!caller.isOwner()) throw CommonErrors.mustBeOrganizationOwner();
        if (dict == null || !dict.isObject()) throw SigninErrors.authenticationMethodsIsNotDict();
        Map<String, Boolean> wanted = new LinkedHashMap<>();
        for (var e : dict.properties()) {
            if (!configured.backends().contains(e.getKey())) {
                String valid = configured.backends().stream().sorted().map(b -> "'" + b + "'").collect(Collectors.joining(", ", "[", "]"));
                throw SigninErrors.invalidAuthenticationMethod(e.getKey(), valid);
            }
            if (!e.getValue().isBoolean()) throw SigninErrors.authenticationMethodIsNotBoolean(e.getKey());
            wanted.put(e.getKey(), e.getValue().asBoolean());
        }
        if (!wanted.containsValue(true)) throw SigninErrors.authenticationMethodRequired();
        return wanted;
    }

    /**
     * Zulip's do_set_realm_authentication_methods: when the request differs from the current choice,
     * sets each named method and tells every user the new dict (realm update_dict). Returns whether it changed.
     */
    public boolean doSet(Map<String, Boolean> wanted) {
        return db.write(tx -> {
            Map<String, Boolean> now = new LinkedHashMap<>();
            SignInMethods before = current(tx.h());
            for (String b : before.backends()) now.put(b, before.enabled(b));
            if (now.equals(wanted)) return false;
            wanted.forEach((b, on) -> store.set(tx, b, on));
            ObjectNode data = Json.object();
            data.set("authentication_methods", current(tx.h()).realmMethods());
            log.append(tx, new RealmEvent.UpdateDict("default", data), Recipients.all());
            return true;
        });
    }
}
