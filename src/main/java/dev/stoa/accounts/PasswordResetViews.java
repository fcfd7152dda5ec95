package dev.stoa.accounts;

import dev.stoa.http.ApiError;
import dev.stoa.http.HtmlPage;
import dev.stoa.http.Request;
import dev.stoa.mail.Outbox;

/**
 * Zulip's /accounts/password/reset/ pages, server-rendered: the form asking for an address, the
 * "check your email" answer (the same whether or not the account exists), and the new-password
 * form behind the mailed link.
 */
public final class PasswordResetViews {
    private final PasswordResetActions actions;

    public PasswordResetViews(PasswordResetActions actions) {
        this.actions = actions;
    }

    public Object requestForm(Request req) {
        return HtmlPage.response(200, "Reset your password", requestForm("", null));
    }

    private static String requestForm(String email, String error) {
        return (error == null ? "" : "<p class=\"error\">" + HtmlPage.escape(error) + "</p>")
                + "<form method=\"post\"><label>Email <input type=\"email\" name=\"email\" required value=\"" + HtmlPage.escape(email)
                + "\"></label><button type=\"submit\">Send me a reset link</button></form>";
    }

    public Object request(Request req) {
        String email = req.str("email", "");
        boolean sent;
        try {
            sent = actions.checkRequest(email);
        } catch (ApiError e) {
            return HtmlPage.response(400, "Reset your password", requestForm(email, e.getMessage()));
        }
        String body = "<p>If " + HtmlPage.escape(email.strip()) + " has an account here, we have sent it a link to choose a new password."
                + " The link works once, within 24 hours.</p>";
        if (!sent) body += "<p class=\"error\">" + HtmlPage.escape(Outbox.NOT_CONFIGURED) + "</p>";
        return HtmlPage.response(200, "Check your email", body);
    }

    public Object newPasswordForm(Request req) {
        try {
            actions.holder(req.pathParam("token"));
        } catch (ApiError e) {
            return HtmlPage.response(404, "Reset your password", "<p class=\"error\">" + HtmlPage.escape(e.getMessage())
                    + "</p><p><a href=\"/accounts/password/reset/\">Ask for a new link</a></p>");
        }
        return HtmlPage.response(200, "Choose a new password", passwordFields(null));
    }

    private static String passwordFields(String error) {
        return (error == null ? "" : "<p class=\"error\">" + HtmlPage.escape(error) + "</p>")
                + "<form method=\"post\"><label>New password <input type=\"password\" name=\"new_password1\" required minlength=\"6\"></label>"
                + "<label>Confirm it <input type=\"password\" name=\"new_password2\" required minlength=\"6\"></label>"
                + "<button type=\"submit\">Set password</button></form>";
    }

    public Object reset(Request req) {
        String token = req.pathParam("token");
        try {
            actions.checkReset(token, req.str("new_password1", ""), req.str("new_password2", ""));
        } catch (ApiError e) {
            if (AccountErrors.isResetLinkInvalid(e)) return newPasswordForm(req);
            return HtmlPage.response(400, "Choose a new password", passwordFields(e.getMessage()));
        }
        return HtmlPage.response(200, "Password changed", "<p>Your password has been changed.</p><p><a href=\"/accounts/login/\">Sign in</a></p>");
    }
}
