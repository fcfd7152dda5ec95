package dev.stoa.github;

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
import java.util.function.BooleanSupplier;

/**
 * Zulip's URLs for the GitHub button: /accounts/login/social/github (and /accounts/register/…) start
 * the sign-in with the apps' mobile_flow_otp / desktop_flow_otp and next; GitHub sends the browser back
 * to /complete/github/, which ends as every method does (SignInViews.finish). A refused completion
 * counts against the browser's address in the login throttle; a refusal is a page saying why.
 */
public final class GithubViews {
    /** The browser binding: sent back only to the completion URLs, HttpOnly, for the flow's ten minutes. */
    static final String COOKIE = "stoa_signin_github";

    private final GithubActions actions;
    private final SignInViews signIn;
    private final boolean secure;
    private final RateLimiter failures;
    private final BooleanSupplier enabled;

    public GithubViews(GithubActions actions, SignInViews signIn, boolean secure, RateLimiter failures, BooleanSupplier enabled) {
        this.actions = actions;
        this.signIn = signIn;
        this.secure = secure;
        this.failures = failures;
        this.enabled = enabled;
    }

    public Object start(Request req) {
        if (!enabled.getAsBoolean()) return refused(403, "GitHub sign-in is turned off in this organization");
        RawResponse throttled = throttled(req);
        if (throttled != null) return throttled;
        AppFlow flow = AppFlow.of(req.optStr("mobile_flow_otp").orElse(null), req.optStr("desktop_flow_otp").orElse(null),
                req.optStr("next").orElse(null));
        req.optStr("multiuse_object_key"); // Zulip's apps send it; invitations through a provider are not built
        GithubActions.Started s = actions.doStart(flow);
        String cookie = COOKIE + "=" + s.browserKey() + "; Path=/complete/; Max-Age=" + GithubActions.FLOW_SECONDS + "; HttpOnly; SameSite=Lax"
                + (secure ? "; Secure" : "");
        return new WithCookies(new RawResponse(302, "text/plain; charset=utf-8", new byte[0], Map.of("Location", s.redirect().toString(),
                "Cache-Control", "no-store")), List.of(cookie));
    }

    public Object complete(Request req) {
        String error = req.optStr("error").orElse(null);
        req.optStr("error_description");
        req.optStr("error_uri");
        if (error != null) return refused(400, "GitHub answered " + error);
        if (!enabled.getAsBoolean()) return refused(403, "GitHub sign-in is turned off in this organization");
        RawResponse throttled = throttled(req);
        if (throttled != null) return throttled;
        try {
            GithubActions.Completed c = actions.doComplete(req.optStr("state").orElse(null), req.optStr("code").orElse(null), req.cookie(COOKIE));
            return signIn.finish(c.user(), c.flow(), req);
        } catch (GithubClient.Refused e) {
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
        return HtmlPage.response(status, "Sign-in failed", "<p class=\"error\">Signing in with GitHub failed: " + HtmlPage.escape(reason)
                + ".</p><p><a href=\"/login/\">Back to the login page</a></p>");
    }
}
