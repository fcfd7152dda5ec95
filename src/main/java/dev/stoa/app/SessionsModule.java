package dev.stoa.app;

import dev.stoa.sessions.SessionActions;
import dev.stoa.sessions.SessionStore;
import dev.stoa.sessions.WebSessions;
import dev.stoa.signin.LoginTokenStore;
import dev.stoa.signin.RealmAuthMethodViews;
import dev.stoa.signin.SignInActions;
import dev.stoa.signin.SignInMethodActions;
import dev.stoa.signin.SignInMethodStore;
import dev.stoa.signin.SignInMethods;

/** The web client's sessions (stored in the database, so they outlive a restart and serve every node), and how every sign-in ends. */
final class SessionsModule implements Module {
    final SessionStore store = new SessionStore();
    final SessionActions actions;
    final WebSessions web;
    final SignInActions signIn;
    /** What the configuration enables and the organization keeps on (server_settings, register, the login page, every sign-in). */
    final SignInMethodActions methods;
    /** PATCH /realm's authentication_methods, around the realm's view. */
    final RealmAuthMethodViews authMethodViews;

    SessionsModule(Core c) {
        this.actions = new SessionActions(c.db(), store, c.clock());
        this.web = new WebSessions(c.db(), store, c.users(), c.realm(), c.clock());
        this.methods = new SignInMethodActions(c.db(), c.log(), new SignInMethodStore(c.log()), SignInMethods.of(c.config().signIn()));
        this.authMethodViews = new RealmAuthMethodViews(methods);
        this.signIn = new SignInActions(c.db(), c.users(), actions, new LoginTokenStore(), c.realm(), c.clock(), c.config().externalUrl());
    }
}
