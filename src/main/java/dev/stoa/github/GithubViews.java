package dev.stoa.github;

import dev.stoa.http.Request;
import dev.stoa.signin.RedirectViews;

/**
 * Zulip's URLs for the GitHub button: /accounts/login/social/github (and /accounts/register/…) start
 * the sign-in; GitHub sends the browser back to /complete/github/. What every redirect method shares
 * (throttle, app flow, cookie, refusal page) is RedirectViews'.
 */
public final class GithubViews {
    /** The browser binding: sent back only to the completion URLs, HttpOnly, for the flow's ten minutes. */
    public static final String COOKIE = "stoa_signin_github";

    private final GithubActions actions;
    private final RedirectViews views;

    public GithubViews(GithubActions actions, RedirectViews views) {
        this.actions = actions;
        this.views = views;
    }

    public Object start(Request req) {
        return views.start(req, actions::doStart);
    }

    public Object complete(Request req) {
        String error = req.optStr("error").orElse(null);
        req.optStr("error_description");
        req.optStr("error_uri");
        if (error != null) return views.providerError(error);
        String state = req.optStr("state").orElse(null), code = req.optStr("code").orElse(null);
        return views.complete(req, browserKey -> actions.doComplete(state, code, browserKey));
    }
}
