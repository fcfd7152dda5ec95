package dev.stoa.saml;

import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.signin.RedirectViews;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Zulip's URLs for a SAML identity provider: /accounts/login/social/saml/{idp} (and /accounts/register/…)
 * start the sign-in; the provider POSTs its Response to /complete/saml/, answered by a redirect to
 * /complete/saml/?state=… where the browser's cookie is checked and the sign-in ends; Stoa's SP
 * metadata at /saml/metadata.xml. What every redirect method shares is RedirectViews'.
 */
public final class SamlViews {
    /** The browser binding: sent back only to the completion URLs, HttpOnly, for the flow's ten minutes. */
    public static final String COOKIE = "stoa_signin_saml";

    private final SamlActions actions;
    private final RedirectViews views;

    public SamlViews(SamlActions actions, RedirectViews views) {
        this.actions = actions;
        this.views = views;
    }

    public Object start(Request req) {
        String idp = req.pathParam("idp");
        if (!actions.has(idp)) return views.refusal(404, "there is no SAML identity provider named " + idp);
        return views.start(req, flow -> actions.doStart(idp, flow));
    }

    /** The provider's POST (SAMLResponse, RelayState); a LogoutRequest or LogoutResponse is refused. */
    public Object answer(Request req) {
        if (req.optStr("SAMLRequest").isPresent()) return views.refusal(400, "single logout through the identity provider is not supported");
        String response = req.optStr("SAMLResponse").orElse(null), relay = req.optStr("RelayState").orElse(null);
        return views.relay(req, () -> "/complete/saml/?state=" + actions.doAnswer(response, relay));
    }

    public Object complete(Request req) {
        String state = req.optStr("state").orElse(null);
        return views.complete(req, browserKey -> actions.doComplete(state, browserKey));
    }

    public Object metadata(Request req) {
        return new RawResponse(200, "text/xml; charset=utf-8", actions.metadata().getBytes(StandardCharsets.UTF_8), Map.of());
    }
}
