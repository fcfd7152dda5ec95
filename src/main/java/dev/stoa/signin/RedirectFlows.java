package dev.stoa.signin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.sessions.SessionKeys;
import java.net.URI;
import java.time.Clock;

/**
 * The sign-ins under way through an identity provider (OpenID Connect, GitHub, SAML): each kept
 * server-side in signin_flows for ten minutes under the SHA-256 of its state, with the method's
 * secrets (nonce, PKCE verifier, request id) and the app flow it serves, bound to the browser that
 * started it by a key in a cookie, and spent once, whatever the outcome.
 */
public final class RedirectFlows {
    public static final long FLOW_SECONDS = 600;

    private final Db db;
    private final FlowStore store;
    private final Clock clock;

    public RedirectFlows(Db db, FlowStore store, Clock clock) {
        this.db = db;
        this.store = store;
        this.clock = clock;
    }

    /** Where to send the browser, and the key that binds the flow to it (the cookie's value). */
    public record Started(URI redirect, String browserKey) {}

    /** The person the provider vouched for, and how the sign-in ends (web session, app redirect). */
    public record Completed(User user, AppFlow flow) {}

    /** A flow taken back: the method's secrets and the app flow it serves. */
    public record Flow(JsonNode secrets, AppFlow app) {}

    /** Keeps a new flow under {@code state}; returns the browser key. */
    public String doBegin(String state, ObjectNode secrets, AppFlow flow) {
        String browserKey = SessionKeys.random();
        ObjectNode data = secrets.deepCopy();
        switch (flow) {
            case AppFlow.Mobile m -> data.put("mobile_flow_otp", m.otp());
            case AppFlow.Desktop d -> data.put("desktop_flow_otp", d.otp());
            case AppFlow.Browser b -> data.put("next", b.next());
        }
        long expires = clock.instant().getEpochSecond() + FLOW_SECONDS;
        db.write(tx -> {
            store.insert(tx.h(), SessionKeys.sha256(state), SessionKeys.sha256(browserKey), Json.write(data), expires);
            return null;
        });
        return browserKey;
    }

    /** The flow under {@code state}, spent; refused when unknown, expired, used, or started in another browser. */
    public Flow doTake(String state, String browserKey) throws SignInRefused {
        if (state == null) throw new SignInRefused("the answer has no state");
        long now = clock.instant().getEpochSecond();
        FlowStore.Row row = db.write(tx -> store.take(tx.h(), SessionKeys.sha256(state), now).orElse(null));
        if (row == null) throw new SignInRefused("unknown, expired or already used state");
        if (browserKey == null || !SessionKeys.sha256(browserKey).equals(row.browserHash())) {
            throw new SignInRefused("the sign-in was started in another browser");
        }
        JsonNode data = Json.parseOrNull(row.data());
        return new Flow(data, AppFlow.of(text(data, "mobile_flow_otp"), text(data, "desktop_flow_otp"), text(data, "next")));
    }

    private static String text(JsonNode data, String key) {
        return data.hasNonNull(key) ? data.get(key).asText() : null;
    }

    /** Expired sign-ins under way leave signin_flows (the collector's pass). */
    public void doPurgeExpired() {
        long now = clock.instant().getEpochSecond();
        db.write(tx -> store.deleteExpired(tx.h(), now));
    }
}
