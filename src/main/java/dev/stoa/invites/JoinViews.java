package dev.stoa.invites;

import dev.stoa.http.ApiError;
import dev.stoa.http.HtmlPage;
import dev.stoa.http.Request;
import dev.stoa.identity.User;

/**
 * GET /join/<key>/ (the sign-up form of an invitation) and POST /join/<key>/ (it creates the
 * account): plain server-rendered HTML, so that the link in an invitation email works in any
 * browser. Errors come back as the form with the reason, status 400 (404 for a dead link).
 */
public final class JoinViews {
    /** The organization's name as it is now (the realm's setting), for the page's title. */
    @FunctionalInterface
    public interface RealmName {
        String now();
    }

    private final JoinActions actions;
    private final RealmName realmName;

    public JoinViews(JoinActions actions, RealmName realmName) {
        this.actions = actions;
        this.realmName = realmName;
    }

    public Object form(Request req) {
        Invite i;
        try {
            i = actions.usable(req.pathParam("key"));
        } catch (ApiError e) {
            return page(404, "Invitation", "<p class=\"error\">" + HtmlPage.escape(e.getMessage()) + "</p>");
        }
        return page(200, "Join " + realmName.now(), form(i, "", "", null));
    }

    public Object join(Request req) {
        String key = req.pathParam("key");
        String email = req.str("email", ""), name = req.str("full_name", ""), password = req.str("password", "");
        try {
            User u = actions.checkJoin(new JoinActions.JoinInput(key, email, name, password));
            return page(200, "Welcome", "<p>Welcome, " + HtmlPage.escape(u.fullName()) + "! Your account <b>" + HtmlPage.escape(u.deliveryEmail())
                    + "</b> is ready.</p><p><a href=\"/accounts/login/\">Sign in</a></p>");
        } catch (ApiError e) {
            Invite i;
            try {
                i = actions.usable(key);
            } catch (ApiError dead) {
                return page(404, "Invitation", "<p class=\"error\">" + HtmlPage.escape(dead.getMessage()) + "</p>");
            }
            return page(400, "Join " + realmName.now(), form(i, email, name, e.getMessage()));
        }
    }

    private static String form(Invite i, String email, String name, String error) {
        StringBuilder b = new StringBuilder();
        if (error != null) b.append("<p class=\"error\">").append(HtmlPage.escape(error)).append("</p>");
        b.append("<form method=\"post\">");
        if (i.multiuse()) {
            b.append("<label>Email <input type=\"email\" name=\"email\" required value=\"").append(HtmlPage.escape(email)).append("\"></label>");
        } else {
            b.append("<p>Email: <b>").append(HtmlPage.escape(i.email())).append("</b></p>");
        }
        b.append("<label>Full name <input name=\"full_name\" required value=\"").append(HtmlPage.escape(name)).append("\"></label>")
                .append("<label>Password <input type=\"password\" name=\"password\" required minlength=\"6\"></label>")
                .append("<button type=\"submit\">Create account</button></form>");
        return b.toString();
    }

    private static Object page(int status, String title, String body) {
        return HtmlPage.response(status, title, body);
    }
}
