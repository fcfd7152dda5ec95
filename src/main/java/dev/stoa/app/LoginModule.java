package dev.stoa.app;

import dev.stoa.accounts.PasswordChangeActions;
import dev.stoa.github.GithubViews;
import dev.stoa.http.RateLimiter;
import dev.stoa.http.WebCookies;
import dev.stoa.oidc.OidcViews;
import dev.stoa.saml.SamlViews;
import dev.stoa.scim.ScimViews;
import dev.stoa.sessions.SessionViews;
import dev.stoa.settings.SettingsViews;
import dev.stoa.signin.AuthViews;
import dev.stoa.signin.RedirectViews;
import dev.stoa.signin.SignInMethods;
import dev.stoa.signin.SignInViews;
import dev.stoa.twofactor.TwoFactorActions;
import dev.stoa.twofactor.TwoFactorCheck;
import dev.stoa.twofactor.TwoFactorStore;
import dev.stoa.twofactor.TwoFactorViews;
import dev.stoa.users.PasswordLogin;

/**
 * Signing in over HTTP, built by the server alone (Stoa) because it needs the server's own parts:
 * the login-failure throttle (shared by the nodes) and the web cookies. The password sign-in and
 * its second factor, the web client's sign-in, OpenID Connect, GitHub, SAML and SCIM when configured, the
 * session views, and the settings view (a password change checks the old password the same way).
 */
final class LoginModule {
    final AuthViews authViews;
    final SignInViews signInViews;
    /** Null without --oidc-*. */
    final OidcViews oidcViews;
    /** Null without --github-client-id. */
    final GithubViews githubViews;
    /** Null without --saml-idp-url. */
    final SamlViews samlViews;
    /** Null without --scim-bearer-token. */
    final ScimViews scimViews;
    final TwoFactorViews twoFactorViews;
    final SessionViews sessionViews;
    final SettingsViews settingsViews;

    LoginModule(Core c, Modules m, RateLimiter loginFailures, WebCookies cookies) {
        // Two-factor authentication (--two-factor): the password sign-in's second question, and its set-up pages.
        TwoFactorStore twoFactorStore = new TwoFactorStore();
        TwoFactorCheck twoFactor = new TwoFactorCheck(c.db(), twoFactorStore, c.clock(), c.config().signIn().twoFactor());
        // A successful sign-in: the first login of an API-created user sets its date_joined; the new-login notice mail.
        PasswordLogin passwordLogin = new PasswordLogin(c.db(), c.users(), c.realm(), loginFailures, (u, how) -> {
            m.users().actions.doLoggedIn(u);
            m.accounts().loginNotices.loggedIn(u, how);
        }, () -> {
            SignInMethods on = m.sessions().methods.current();
            return new PasswordLogin.On(on.emailEnabled(), on.ldapEnabled());
        }, m.signIn().ldap, twoFactor);
        this.authViews = new AuthViews(passwordLogin, c.userJson(), c.realm(), c.config().externalUrl(), m.sessions().methods,
                description -> c.renderer().render(null, description).html(), c.config().push().configured());
        this.sessionViews = new SessionViews(m.sessions().actions, cookies);
        this.signInViews = new SignInViews(passwordLogin, m.sessions().signIn, c.userJson(), cookies);
        boolean secure = c.config().externalUrl().startsWith("https:");
        this.oidcViews = m.signIn().oidc == null ? null : new OidcViews(m.signIn().oidc, new RedirectViews("OpenID Connect", OidcViews.COOKIE,
                signInViews, secure, loginFailures, () -> m.sessions().methods.current().enabled("OpenID Connect")));
        this.githubViews = m.signIn().github == null ? null : new GithubViews(m.signIn().github, new RedirectViews("GitHub", GithubViews.COOKIE,
                signInViews, secure, loginFailures, () -> m.sessions().methods.current().enabled("GitHub")));
        this.samlViews = m.signIn().saml == null ? null : new SamlViews(m.signIn().saml, new RedirectViews("SAML", SamlViews.COOKIE,
                signInViews, secure, loginFailures, () -> m.sessions().methods.current().enabled("SAML")));
        this.scimViews = m.signIn().scim == null ? null
                : new ScimViews(m.signIn().scim, m.signIn().scimGroups, c.config().signIn().scim(), c.config().externalUrl(), loginFailures);
        this.twoFactorViews = new TwoFactorViews(new TwoFactorActions(c.db(), twoFactorStore, twoFactor, passwordLogin, c.clock(),
                c.config().signIn().twoFactor(), c.config().realmHost()));
        PasswordChangeActions passwordChange = new PasswordChangeActions(c.db(), c.log(), c.users(), passwordLogin, m.sessions().actions,
                c.realm(), m.mail().outbox, c.clock(), c.config().externalUrl());
        this.settingsViews = new SettingsViews(m.settings().actions, m.users().actions, c.realm(), passwordChange);
    }
}
