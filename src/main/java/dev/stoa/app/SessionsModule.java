package dev.stoa.app;

import dev.stoa.sessions.SessionActions;
import dev.stoa.sessions.SessionStore;
import dev.stoa.sessions.WebSessions;

/** The web client's sessions (stored in the database, so they outlive a restart and serve every node). */
final class SessionsModule implements Module {
    final SessionStore store = new SessionStore();
    final SessionActions actions;
    final WebSessions web;

    SessionsModule(Core c) {
        this.actions = new SessionActions(c.db(), store, c.clock());
        this.web = new WebSessions(c.db(), store, c.users(), c.realm(), c.clock());
    }
}
