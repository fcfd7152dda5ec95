package dev.stoa.github;

import dev.stoa.config.GithubConfig;
import dev.stoa.http.Json;
import dev.stoa.signin.AppFlow;
import dev.stoa.signin.ExternalAccounts;
import dev.stoa.signin.RedirectFlows;
import dev.stoa.signin.SignInRefused;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sign-in with GitHub (Zulip's GitHubAuthBackend): the flow's state and PKCE verifier kept
 * server-side (RedirectFlows) and bound to the browser, spent once; the person is the account with
 * GitHub's verified primary address, or a new one where the organization allows (ExternalAccounts).
 * A refusal creates nothing.
 */
public final class GithubActions {
    private static final Logger LOG = LoggerFactory.getLogger(GithubActions.class);

    private final RedirectFlows flows;
    private final GithubClient client;
    private final ExternalAccounts accounts;

    public GithubActions(RedirectFlows flows, GithubConfig config, String externalUrl, ExternalAccounts accounts) {
        this.flows = flows;
        this.client = new GithubClient(config, URI.create(externalUrl.replaceAll("/+$", "") + "/complete/github/"));
        this.accounts = accounts;
    }

    public RedirectFlows.Started doStart(AppFlow flow) {
        GithubClient.Start s = client.start();
        String browserKey = flows.doBegin(s.state(), Json.object().put("verifier", s.verifier()), flow);
        return new RedirectFlows.Started(s.url(), browserKey);
    }

    public RedirectFlows.Completed doComplete(String state, String code, String browserKey) throws SignInRefused {
        if (code == null) throw new SignInRefused("the answer has no code");
        RedirectFlows.Flow f = flows.doTake(state, browserKey);
        GithubClient.Identity id = client.finish(code, f.secrets().get("verifier").asText());
        if (id.email() == null) throw new SignInRefused("GitHub has no primary email address for " + id.login());
        LOG.info("GitHub sign-in of {} (id {}, {})", id.login(), id.id(), id.email());
        return new RedirectFlows.Completed(accounts.resolve(id.email(), id.verified(), id.name()), f.app());
    }
}
