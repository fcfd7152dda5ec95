package dev.stoa.github;

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
 * Sign-in with GitHub (Zulip's GitHubAuthBackend): the flow's state and PKCE verifier kept
 * server-side (signin_flows) and bound to the browser, spent once; the person is the account with
 * GitHub's verified primary address, or a new one where the organization allows (ExternalAccounts).
 * Refusals are logged with the reason, never a code or token, and create nothing.
 */
public final class GithubActions {
    private static final Logger LOG = LoggerFactory.getLogger(GithubActions.class);
    static final long FLOW_SECONDS = 600;

    private final Db db;
    private final FlowStore flows;
    private final GithubClient client;
    private final ExternalAccounts accounts;
    private final Clock clock;

    public GithubActions(Db db, FlowStore flows, dev.stoa.config.GithubConfig config, String externalUrl, ExternalAccounts accounts, Clock clock) {
        this.db = db;
        this.flows = flows;
        this.client = new GithubClient(config, URI.create(externalUrl.replaceAll("/+$", "") + "/complete/github/"));
        this.accounts = accounts;
        this.clock = clock;
    }

    public record Started(URI redirect, String browserKey) {}

    public record Completed(User user, AppFlow flow) {}

    public Started doStart(AppFlow flow) {
        GithubClient.Start s = client.start();
        String browserKey = SessionKeys.random();
        var data = Json.object().put("verifier", s.verifier());
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

    public Completed doComplete(String state, String code, String browserKey) throws GithubClient.Refused {
        if (state == null || code == null) throw refused("the answer has no state or no code");
        long now = clock.instant().getEpochSecond();
        FlowStore.Row row = db.write(tx -> flows.take(tx.h(), SessionKeys.sha256(state), now).orElse(null));
        if (row == null) throw refused("unknown, expired or already used state");
        if (browserKey == null || !SessionKeys.sha256(browserKey).equals(row.browserHash())) throw refused("the sign-in was started in another browser");
        JsonNode data = Json.parseOrNull(row.data());
        GithubClient.Identity id;
        try {
            id = client.finish(code, data.get("verifier").asText());
        } catch (GithubClient.Refused e) {
            LOG.warn("GitHub sign-in refused: {}", e.getMessage());
            throw e;
        }
        if (id.email() == null) throw refused("GitHub has no primary email address for " + id.login());
        AppFlow flow = AppFlow.of(text(data, "mobile_flow_otp"), text(data, "desktop_flow_otp"), text(data, "next"));
        LOG.info("GitHub sign-in of {} (id {}, {})", id.login(), id.id(), id.email());
        return new Completed(accounts.resolve(id.email(), id.verified(), id.name()), flow);
    }

    private static GithubClient.Refused refused(String reason) {
        LOG.warn("GitHub sign-in refused: {}", reason);
        return new GithubClient.Refused(reason);
    }

    private static String text(JsonNode data, String key) {
        return data.hasNonNull(key) ? data.get(key).asText() : null;
    }

    /** Expired sign-ins under way leave signin_flows (shared with OpenID Connect: either purge serves both). */
    public void doPurgeExpired() {
        long now = clock.instant().getEpochSecond();
        db.write(tx -> flows.deleteExpired(tx.h(), now));
    }
}
