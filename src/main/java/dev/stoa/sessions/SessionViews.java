package dev.stoa.sessions;

import dev.stoa.http.Csrf;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.http.WebCookies;
import dev.stoa.http.WithCookies;
import dev.stoa.identity.User;
import dev.stoa.users.PasswordLogin;
import dev.stoa.users.UserJson;
import java.util.List;

/**
 * The web client's sign-in and sign-out (Zulip's /accounts/login/ and /accounts/logout/), answered
 * in JSON: the page is a single-page client, not a server-rendered form.
 */
public final class SessionViews {
    private final PasswordLogin passwords;
    private final SessionActions actions;
    private final UserJson json;
    private final WebCookies cookies;

    public SessionViews(PasswordLogin passwords, SessionActions actions, UserJson json, WebCookies cookies) {
        this.passwords = passwords;
        this.actions = actions;
        this.json = json;
        this.cookies = cookies;
    }

    /**
     * Email and password → a session cookie and a fresh CSRF token (also in the body). The sign-in
     * itself is CSRF-checked as Django does (X-CSRFToken must match the csrftoken cookie the page got
     * with index.html), so that another site cannot sign a visitor in to an account of its choosing.
     */
    public Object login(Request req) {
        Csrf.check(req.header(WebCookies.CSRF_HEADER), req.cookie(cookies.csrfName()));
        User u = passwords.check(req.str("username"), req.str("password"), "the web client");
        SessionActions.NewSession s = actions.doLogin(u, req.cookie(cookies.sessionName()));
        var body = Json.success().put("user_id", u.id()).put("email", json.apiEmail(u)).put("csrf_token", s.csrfToken());
        return new WithCookies(body, List.of(cookies.session(s.key()), cookies.csrf(s.csrfToken())));
    }

    /** Ends the calling session (HttpFront has checked its CSRF token); HTTP Basic callers have none to end. */
    public Object logout(Request req) {
        if (req.session() != null) actions.doLogout(req.session().key());
        return new WithCookies(Json.success(), List.of(cookies.endSession()));
    }
}
