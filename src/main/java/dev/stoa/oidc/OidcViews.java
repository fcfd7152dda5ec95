package dev.stoa.oidc;

import dev.stoa.http.ApiError;
import dev.stoa.http.HtmlPage;
import dev.stoa.http.RateLimiter;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.http.WithCookies;
import dev.stoa.signin.AppFlow;
import dev.stoa.signin.SignInViews;
import java.util.List;
import java.util.Map;

/**
 * Zulip's URLs for the OpenID Connect button: /accounts/login/social/oidc (and /accounts/register/…)
 * start the sign-in, carrying the apps' mobile_flow_otp / desktop_flow_otp and next; the provider
 * sends the browser back to /complete/oidc/, which ends as every method does (SignInViews.finish).
 * A refusal is a page saying why, with the way back to the login page.
 */
public final class OidcViews {
    /** The browser binding: sent back only to the completion URL, HttpOnly, for the flow's ten minutes. */
    static final String COOKIE = "stoa_signin";

    private final OidcActions actions;
    private final SignInViews signIn;
    private final boolean secure;
    private final RateLimiter failures;
    private final java.util.function.BooleanSupplier enabled;

    /** {@code failures}: the login throttle; a refused completion counts against the browser's address, as a wrong password against a username. */
    public OidcViews(OidcActions actions, SignInViews signIn, boolean secure, RateLimiter failures, java.util.function.BooleanSupplier enabled) {
        this.failures = failures;
        this.enabled = enabled;
        this.actions = actions;
        this.signIn = signIn;
        this.secure = secure;
    }

    public Object start(Request req) {
        if (!enabled.getAsBoolean()) return refused(403, "OpenID Connect sign-in is turned off in this organization");
        RawResponse throttled = throttled(req);
        if (throttled != null) return throttled;
        AppFlow flow = AppFlow.of(req.optStr("mobile_flow_otp").orElse(null), req.optStr("desktop_flow_otp").orElse(null),
                req.optStr("next").orElse(null));
        req.optStr("multiuse_object_key"); // Zulip's apps send it; invitations through a provider are not built
        try {
            OidcActions.Started s = actions.doStart(flow);
            String cookie = COOKIE + "=" + s.browserKey() + "; Path=/complete/; Max-Age=" + OidcActions.FLOW_SECONDS + "; HttpOnly; SameSite=Lax"
                    + (secure ? "; Secure" : "");
            return new WithCookies(new RawResponse(302, "text/plain; charset=utf-8", new byte[0], Map.of("Location", s.redirect().toString(),
                    "Cache-Control", "no-store")), List.of(cookie));
        } catch (OidcClient.Refused e) {
            return refused(502, e.getMessage());
        }
    }

    public Object complete(Request req) {
        String error = req.optStr("error").orElse(null);
        req.optStr("error_description");
        req.optStr("iss");
        req.optStr("session_state");
        if (error != null) return refused(400, "the identity provider answered " + error);
        if (!enabled.getAsBoolean()) return refused(403, "OpenID Connect sign-in is turned off in this organization");
        RawResponse throttled = throttled(req);
        if (throttled != null) return throttled;
        try {
            OidcActions.Completed c = actions.doComplete(req.optStr("state").orElse(null), req.optStr("code").orElse(null), req.cookie(COOKIE));
            return signIn.finish(c.user(), c.flow(), req);
        } catch (OidcClient.Refused e) {
            failures.hit(key(req));
            return refused(400, e.getMessage());
        } catch (ApiError e) {
            failures.hit(key(req));
            return refused(e.status(), e.getMessage());
        }
    }

    private static String key(Request req) {
        return "login-sso:" + req.remoteAddress();
    }

    private RawResponse throttled(Request req) {
        RateLimiter.Decision d = failures.peek(key(req));
        if (d.allowed()) return null;
        return refused(429, "too many failed sign-ins from this address; try again in " + Math.max(1, (int) Math.ceil(d.retryAfterSeconds() / 60)) + " minutes");
    }

    private static RawResponse refused(int status, String reason) {
        return HtmlPage.response(status, "Sign-in failed", "<p class=\"error\">Signing in with OpenID Connect failed: " + HtmlPage.escape(reason)
                + ".</p><p><a href=\"/login/\">Back to the login page</a></p>");
    }
}
