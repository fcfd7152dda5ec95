package dev.stoa.oidc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.sessions.SessionKeys;
import dev.stoa.signin.AppFlow;
import dev.stoa.signin.ExternalAccounts;
import dev.stoa.signin.FlowStore;
import java.net.URI;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An OpenID Connect sign-in: started (the state, nonce and PKCE verifier kept server-side, bound to
 * the browser by a cookie, for ten minutes) and completed (the state spent once, the browser checked,
 * the code exchanged and the ID token validated, the account found or created by ExternalAccounts).
 * Every refusal is logged with its reason, never with a code or a token, and creates nothing.
 */
public final class OidcActions {
    private static final Logger LOG = LoggerFactory.getLogger(OidcActions.class);
    static final long FLOW_SECONDS = 600;

    private final Db db;
    private final FlowStore flows;
    private final OidcClient client;
    private final ExternalAccounts accounts;
    private final Clock clock;

    public OidcActions(Db db, FlowStore flows, dev.stoa.config.OidcConfig config, String externalUrl, ExternalAccounts accounts, Clock clock) {
        this.db = db;
        this.flows = flows;
        this.client = new OidcClient(config, URI.create(externalUrl + "/complete/oidc/"));
        this.accounts = accounts;
        this.clock = clock;
    }

    public record Started(URI redirect, String browserKey) {}

    public record Completed(User user, AppFlow flow) {}

    public Started doStart(AppFlow flow) throws OidcClient.Refused {
        OidcClient.Start s = client.start();
        String browserKey = SessionKeys.random();
        var data = Json.object().put("nonce", s.nonce()).put("verifier", s.verifier());
        switch (flow) {
            case AppFlow.Mobile m -> data.put("mobile_flow_otp", m.otp());
            case AppFlow.Desktop d -> data.put("desktop_flow_otp", d.otp());
            case AppFlow.Browser b -> data.put("next", b.next());
        }
        long expires = clock.instant().getEpochSecond() + FLOW_SECONDS;
        db.write(tx -> {
            flows.insert(tx.h(), SessionKeys.sha256(s.state()), SessionKeys.sha256(browserKey), Json.write(data), expires);
            return null;
        });
        return new Started(s.url(), browserKey);
    }

    public Completed doComplete(String state, String code, String browserKey) throws OidcClient.Refused {
        if (state == null || code == null) throw refused("the answer has no state or no code");
        long now = clock.instant().getEpochSecond();
        FlowStore.Row row = db.write(tx -> flows.take(tx.h(), SessionKeys.sha256(state), now).orElse(null));
        if (row == null) throw refused("unknown, expired or already used state");
        if (browserKey == null || !SessionKeys.sha256(browserKey).equals(row.browserHash())) throw refused("the sign-in was started in another browser");
        JsonNode data = Json.parseOrNull(row.data());
        OidcClient.Identity id;
        try {
            id = client.finish(code, data.get("nonce").asText(), data.get("verifier").asText());
        } catch (OidcClient.Refused e) {
            LOG.warn("OpenID Connect sign-in refused: {}", e.getMessage());
            throw e;
        }
        AppFlow flow = AppFlow.of(text(data, "mobile_flow_otp"), text(data, "desktop_flow_otp"), text(data, "next"));
        LOG.info("OpenID Connect sign-in of subject {} ({})", id.subject(), id.email());
        return new Completed(accounts.resolve(id.email(), id.emailVerified(), id.name()), flow);
    }

    private static OidcClient.Refused refused(String reason) {
        LOG.warn("OpenID Connect sign-in refused: {}", reason);
        return new OidcClient.Refused(reason);
    }

    private static String text(JsonNode data, String key) {
        return data.hasNonNull(key) ? data.get(key).asText() : null;
    }

    public void doPurgeExpired() {
        long now = clock.instant().getEpochSecond();
        db.write(tx -> flows.deleteExpired(tx.h(), now));
    }
}
