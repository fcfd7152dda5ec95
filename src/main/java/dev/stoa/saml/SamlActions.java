package dev.stoa.saml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.SamlConfig;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.sessions.SessionKeys;
import dev.stoa.signin.AppFlow;
import dev.stoa.signin.ExternalAccounts;
import dev.stoa.signin.RedirectFlows;
import dev.stoa.signin.SignInRefused;
import dev.stoa.users.ProfileFieldActions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A SAML sign-in (Zulip's SAMLAuthBackend, SP-initiated): started (the AuthnRequest's ID kept in
 * RedirectFlows, bound to the browser; the RelayState is Zulip's {"state_token": …}), answered (the
 * provider's POST: the flow spent, the Response validated as the answer to that request, what it
 * vouches for kept under a new state for the same browser), and completed (the browser, now on a
 * same-site GET that carries its cookie, checked; the account linked by email or created where the
 * organization allows, its mapped custom profile fields set). The answer comes in two steps because the provider's cross-site POST carries
 * no SameSite=Lax cookie: without them, a response obtained by someone else could sign a victim's
 * browser in to the wrong account. A refusal creates nothing.
 */
public final class SamlActions {
    private static final Logger LOG = LoggerFactory.getLogger(SamlActions.class);

    private final RedirectFlows flows;
    /** By identity provider name, in the configuration's order (the first one's settings make the SP metadata). */
    private final Map<String, SamlClient> clients = new LinkedHashMap<>();
    private final ExternalAccounts accounts;
    private final ProfileFieldActions profileFields;

    public SamlActions(RedirectFlows flows, List<SamlConfig> configs, String externalUrl, ExternalAccounts accounts,
                       ProfileFieldActions profileFields) {
        this.profileFields = profileFields;
        this.flows = flows;
        for (SamlConfig c : configs) clients.put(c.idpName(), new SamlClient(c, externalUrl));
        this.accounts = accounts;
    }

    public boolean has(String idpName) {
        return clients.containsKey(idpName);
    }

    /** A sign-in at the provider named {@code idpName}; its answer is validated with that provider's settings only. */
    public RedirectFlows.Started doStart(String idpName, AppFlow flow) throws SignInRefused {
        SamlClient client = clients.get(idpName);
        if (client == null) throw new SignInRefused("there is no SAML identity provider named " + idpName);
        String state = SessionKeys.random();
        SamlClient.Start s = client.start(Json.write(Json.object().put("state_token", state)));
        String browserKey = flows.doBegin(state, Json.object().put("request_id", s.requestId()).put("idp", idpName), flow);
        return new RedirectFlows.Started(s.url(), browserKey);
    }

    /** The provider's POST: returns the state the browser completes with (GET /complete/saml/?state=…). */
    public String doAnswer(String samlResponse, String relayState) throws SignInRefused {
        if (samlResponse == null) throw new SignInRefused("the answer has no SAMLResponse");
        JsonNode relay = relayState == null ? null : Json.parseOrNull(relayState);
        if (relay == null || !relay.hasNonNull("state_token")) {
            // Zulip's IdP-initiated sign-in (RelayState without a state token) is not offered: nothing would bind it to a browser
            throw new SignInRefused("the SAML response answers no sign-in started here (IdP-initiated sign-in is not supported)");
        }
        return flows.doRelay(relay.get("state_token").asText(), secrets -> {
            SamlClient client = clients.get(secrets.path("idp").asText(""));
            if (client == null) throw new SignInRefused("the SAML identity provider of this sign-in is no longer configured");
            SamlClient.Identity id = client.finish(samlResponse, secrets.get("request_id").asText());
            LOG.info("SAML sign-in of {} ({})", id.nameId(), id.email());
            ObjectNode vouched = Json.object().put("email", id.email());
            if (id.fullName() != null) vouched.put("full_name", id.fullName());
            ObjectNode profile = vouched.putObject("profile");
            id.profile().forEach(profile::put);
            return vouched;
        });
    }

    public RedirectFlows.Completed doComplete(String state, String browserKey) throws SignInRefused {
        RedirectFlows.Flow f = flows.doTake(state, browserKey);
        JsonNode v = f.secrets();
        if (!v.hasNonNull("email")) throw new SignInRefused("this sign-in has not been answered by the identity provider");
        String name = v.hasNonNull("full_name") ? v.get("full_name").asText() : null;
        // an address in a validated assertion is the provider's word, as Zulip takes it
        User u = accounts.resolve(v.get("email").asText(), true, name);
        // Zulip's SOCIAL_AUTH_SYNC_CUSTOM_ATTRS_DICT: the mapped custom profile fields follow the provider at each sign-in
        Map<String, String> profile = new LinkedHashMap<>();
        if (v.has("profile")) v.get("profile").properties().forEach(e -> profile.put(e.getKey(), e.getValue().asText()));
        if (!profile.isEmpty()) profileFields.doSetFromDirectory(u, profile);
        return new RedirectFlows.Completed(u, f.app());
    }

    public String metadata() {
        return clients.values().iterator().next().metadata();
    }
}
