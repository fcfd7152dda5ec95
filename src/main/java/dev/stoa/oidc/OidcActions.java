package dev.stoa.oidc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.OidcConfig;
import dev.stoa.http.Json;
import dev.stoa.signin.AppFlow;
import dev.stoa.signin.ExternalAccounts;
import dev.stoa.signin.RedirectFlows;
import dev.stoa.signin.SignInRefused;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An OpenID Connect sign-in: started (the state, nonce and PKCE verifier kept server-side in
 * RedirectFlows, bound to the browser) and completed (the flow spent, the code exchanged and the ID
 * token validated, the account found or created by ExternalAccounts). A refusal creates nothing.
 */
public final class OidcActions {
    private static final Logger LOG = LoggerFactory.getLogger(OidcActions.class);

    private final RedirectFlows flows;
    private final OidcClient client;
    private final ExternalAccounts accounts;

    public OidcActions(RedirectFlows flows, OidcConfig config, String externalUrl, ExternalAccounts accounts) {
        this.flows = flows;
        this.client = new OidcClient(config, URI.create(externalUrl + "/complete/oidc/"));
        this.accounts = accounts;
    }

    public RedirectFlows.Started doStart(AppFlow flow) throws SignInRefused {
        OidcClient.Start s = client.start();
        String browserKey = flows.doBegin(s.state(), Json.object().put("nonce", s.nonce()).put("verifier", s.verifier()), flow);
        return new RedirectFlows.Started(s.url(), browserKey);
    }

    public RedirectFlows.Completed doComplete(String state, String code, String browserKey) throws SignInRefused {
        if (code == null) throw new SignInRefused("the answer has no code");
        RedirectFlows.Flow f = flows.doTake(state, browserKey);
        JsonNode secrets = f.secrets();
        OidcClient.Identity id = client.finish(code, secrets.get("nonce").asText(), secrets.get("verifier").asText());
        LOG.info("OpenID Connect sign-in of subject {} ({})", id.subject(), id.email());
        return new RedirectFlows.Completed(accounts.resolve(id.email(), id.emailVerified(), id.name()), f.app());
    }
}
