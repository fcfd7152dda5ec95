package dev.stoa.sessions;

import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.http.WebCookies;
import dev.stoa.http.WithCookies;
import java.util.List;

/** The web client's sign-out (Zulip's /accounts/logout/); signing in is signin.SignInViews. */
public final class SessionViews {
    private final SessionActions actions;
    private final WebCookies cookies;

    public SessionViews(SessionActions actions, WebCookies cookies) {
        this.actions = actions;
        this.cookies = cookies;
    }

    /** Ends the calling session (HttpFront has checked its CSRF token); HTTP Basic callers have none to end. */
    public Object logout(Request req) {
        if (req.session() != null) actions.doLogout(req.session().key());
        return new WithCookies(Json.success(), List.of(cookies.endSession()));
    }
}
