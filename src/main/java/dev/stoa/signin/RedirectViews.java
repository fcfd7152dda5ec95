package dev.stoa.signin;

import dev.stoa.http.ApiError;
import dev.stoa.http.HtmlPage;
import dev.stoa.http.RateLimiter;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.http.WithCookies;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every redirect-based method's pages share (Zulip's /accounts/login/social/{method} and
 * /complete/{method}/): the organization's switch, the login throttle (a refused completion counts
 * against the browser's address, as a wrong password against a username), the app flow read from
 * Zulip's parameters, the browser-binding cookie, and a refusal as a page saying why, logged with
 * the reason only. The end is every method's: SignInViews.finish.
 */
public final class RedirectViews {
    /** Whether the organization keeps this sign-in method on now (the sessions feature's sign-in methods). */
    @FunctionalInterface
    public interface Enabled {
        boolean now();
    }

    private static final Logger LOG = LoggerFactory.getLogger(RedirectViews.class);

    /** The start of a method's flow for an app flow; a refusal when the provider cannot be reached. */
    @FunctionalInterface
    public interface Starter {
        RedirectFlows.Started start(AppFlow flow) throws SignInRefused;
    }

    /** The completion of a method's flow, given the browser's key (null without the cookie). */
    @FunctionalInterface
    public interface Completer {
        RedirectFlows.Completed complete(String browserKey) throws SignInRefused;
    }

    /** The answer a provider POSTs across sites, checked: where to send the browser next (a same-site GET that completes). */
    @FunctionalInterface
    public interface Relayer {
        String relay() throws SignInRefused;
    }

    private final String label;
    private final String cookie;
    private final SignInViews signIn;
    private final boolean secure;
    private final RateLimiter failures;
    private final Enabled enabled;

    /**
     * @param label   the method's name in messages ("OpenID Connect", "GitHub", "SAML")
     * @param cookie  the browser-binding cookie's name, one per method so flows of two methods do not collide
     * @param enabled whether the organization keeps the method on (PATCH /realm authentication_methods)
     */
    public RedirectViews(String label, String cookie, SignInViews signIn, boolean secure, RateLimiter failures, Enabled enabled) {
        this.label = label;
        this.cookie = cookie;
        this.signIn = signIn;
        this.secure = secure;
        this.failures = failures;
        this.enabled = enabled;
    }

    public Object start(Request req, Starter starter) {
        RawResponse closed = closed(req);
        if (closed != null) return closed;
        AppFlow flow = AppFlow.of(req.optStr("mobile_flow_otp").orElse(null), req.optStr("desktop_flow_otp").orElse(null),
                req.optStr("next").orElse(null));
        req.optStr("multiuse_object_key"); // Zulip's apps send it; invitations through a provider are not built
        try {
            RedirectFlows.Started s = starter.start(flow);
            String c = cookie + "=" + s.browserKey() + "; Path=/complete/; Max-Age=" + RedirectFlows.FLOW_SECONDS + "; HttpOnly; SameSite=Lax"
                    + (secure ? "; Secure" : "");
            return new WithCookies(new RawResponse(302, "text/plain; charset=utf-8", new byte[0], Map.of("Location", s.redirect().toString(),
                    "Cache-Control", "no-store")), List.of(c));
        } catch (SignInRefused e) {
            LOG.warn("{} sign-in could not start: {}", label, e.getMessage());
            return refused(502, e.getMessage());
        }
    }

    public Object complete(Request req, Completer completer) {
        RawResponse closed = closed(req);
        if (closed != null) return closed;
        try {
            RedirectFlows.Completed c = completer.complete(req.cookie(cookie));
            return signIn.finish(c.user(), c.flow(), req);
        } catch (SignInRefused e) {
            LOG.warn("{} sign-in refused: {}", label, e.getMessage());
            failures.hit(key(req));
            return refused(400, e.getMessage());
        } catch (ApiError e) {
            LOG.warn("{} sign-in refused: {}", label, e.getMessage());
            failures.hit(key(req));
            return refused(e.status(), e.getMessage());
        }
    }

    /**
     * A provider's cross-site POST (SAML's HTTP-POST binding), which carries no SameSite=Lax cookie:
     * checked, then answered by a 303 to the same-site GET where {@link #complete} checks the browser.
     */
    public Object relay(Request req, Relayer relayer) {
        RawResponse closed = closed(req);
        if (closed != null) return closed;
        try {
            return new RawResponse(303, "text/plain; charset=utf-8", new byte[0], Map.of("Location", relayer.relay(), "Cache-Control", "no-store"));
        } catch (SignInRefused e) {
            LOG.warn("{} sign-in refused: {}", label, e.getMessage());
            failures.hit(key(req));
            return refused(400, e.getMessage());
        }
    }

    /** A refusal page for a request that is not part of a sign-in (an unknown provider, an unsupported message). */
    public RawResponse refusal(int status, String reason) {
        LOG.warn("{} sign-in refused: {}", label, reason);
        return refused(status, reason);
    }

    /** The provider's own error answer (error=…), shown as such. */
    public RawResponse providerError(String error) {
        LOG.warn("{} sign-in refused: the identity provider answered {}", label, error);
        return refused(400, "the identity provider answered " + error);
    }

    private RawResponse closed(Request req) {
        if (!enabled.now()) return refused(403, label + " sign-in is turned off in this organization");
        RateLimiter.Decision d = failures.peek(key(req));
        if (d.allowed()) return null;
        return refused(429, "too many failed sign-ins from this address; try again in " + Math.max(1, (int) Math.ceil(d.retryAfterSeconds() / 60)) + " minutes");
    }

    private static String key(Request req) {
        return "login-sso:" + req.remoteAddress();
    }

    private RawResponse refused(int status, String reason) {
        return HtmlPage.response(status, "Sign-in failed", "<p class=\"error\">Signing in with " + HtmlPage.escape(label) + " failed: "
                + HtmlPage.escape(reason) + ".</p><p><a href=\"/login/\">Back to the login page</a></p>");
    }
}
