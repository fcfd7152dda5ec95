package dev.stoa.signin;

import dev.stoa.http.Csrf;
import dev.stoa.http.HtmlPage;
import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.http.WebCookies;
import dev.stoa.http.WithCookies;
import dev.stoa.identity.User;
import dev.stoa.sessions.SessionActions;
import dev.stoa.users.PasswordLogin;
import dev.stoa.users.UserJson;
import java.util.List;
import java.util.Map;

/**
 * The password sign-in of the login page (POST /accounts/login/, answered in JSON for the
 * single-page client) in each flow, the desktop app's token redemption, and the answer every
 * redirect-based method (OpenID Connect, GitHub, SAML) ends with.
 */
public final class SignInViews {
    private final PasswordLogin passwords;
    private final SignInActions actions;
    private final UserJson json;
    private final WebCookies cookies;

    public SignInViews(PasswordLogin passwords, SignInActions actions, UserJson json, WebCookies cookies) {
        this.passwords = passwords;
        this.actions = actions;
        this.json = json;
        this.cookies = cookies;
    }

    /**
     * Email (or directory username) and password → a session cookie and a fresh CSRF token; with
     * {@code mobile_flow_otp} the zulip:// URL to go to instead ({@code redirect_to}), with
     * {@code desktop_flow_otp} the encrypted token the desktop app takes ({@code desktop_data}). The
     * sign-in itself is CSRF-checked as Django does (X-CSRFToken must match the csrftoken cookie the
     * page got with index.html), so that another site cannot sign a visitor in to an account of its choosing.
     */
    public Object login(Request req) {
        Csrf.check(req.header(WebCookies.CSRF_HEADER), req.cookie(cookies.csrfName()));
        AppFlow flow = AppFlow.of(req.optStr("mobile_flow_otp").orElse(null), req.optStr("desktop_flow_otp").orElse(null), null);
        User u = passwords.check(req.str("username"), req.str("password"), req.optStr("otp_token").orElse(null), flow instanceof AppFlow.Browser ? "the web client" : "the app");
        return switch (flow) {
            case AppFlow.Mobile m -> Json.success().put("redirect_to", actions.doMobile(u, m.otp()));
            case AppFlow.Desktop d -> Json.success().put("desktop_data", actions.doDesktop(u, d.otp()));
            case AppFlow.Browser b -> {
                SessionActions.NewSession s = actions.doBrowser(u, req.cookie(cookies.sessionName()));
                var body = Json.success().put("user_id", u.id()).put("email", json.apiEmail(u)).put("csrf_token", s.csrfToken());
                yield new WithCookies(body, List.of(cookies.session(s.key()), cookies.csrf(s.csrfToken())));
            }
        };
    }

    /** GET /accounts/login/subdomain/{token}: the desktop app opens this with its decrypted token and is signed in. */
    public Object redeem(Request req) {
        SignInActions.Redeemed r = actions.doRedeem(req.pathParam("token"), req.cookie(cookies.sessionName()));
        return withSession(r.session(), redirect("/"));
    }

    /** How a redirect-based method ends once it has identified {@code u}: 302 to the app or the page, or the desktop page. */
    public Object finish(User u, AppFlow flow, Request req) {
        return switch (flow) {
            case AppFlow.Mobile m -> redirect(actions.doMobile(u, m.otp())); // zulip:// is no http(s) URL: a bare 302, as Zulip sends
            case AppFlow.Desktop d -> desktopPage(actions.doDesktop(u, d.otp()));
            case AppFlow.Browser b -> withSession(actions.doBrowser(u, req.cookie(cookies.sessionName())), redirect(b.next()));
        };
    }

    private WithCookies withSession(SessionActions.NewSession s, Object answer) {
        return new WithCookies(answer, List.of(cookies.session(s.key()), cookies.csrf(s.csrfToken())));
    }

    static RawResponse redirect(String location) {
        return new RawResponse(302, "text/plain; charset=utf-8", new byte[0], Map.of("Location", location, "Cache-Control", "no-store"));
    }

    /** Zulip's desktop_redirect page: the data the desktop app decrypts, to copy into it. */
    private static RawResponse desktopPage(String desktopData) {
        return HtmlPage.response(200, "Finish signing in in the app", "<p>Copy this code and paste it into the Zulip desktop app"
                + " to finish signing in:</p><p><code id=\"desktop-data\" style=\"word-break:break-all\">" + HtmlPage.escape(desktopData)
                + "</code></p><p>Or <a href=\"/login/\">sign in in this browser</a> instead.</p>");
    }
}
