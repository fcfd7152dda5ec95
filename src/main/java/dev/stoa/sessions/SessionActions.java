package dev.stoa.sessions;

import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.http.WebCookies;
import dev.stoa.identity.User;
import java.time.Clock;

/** Opening and ending web sessions; no events (Zulip sends none for a sign-in either). */
public final class SessionActions {
    private final Db db;
    private final SessionStore store;
    private final Clock clock;

    /** {@code key}: the session cookie's value; {@code csrfToken}: what the page sends back in X-CSRFToken. */
    public record NewSession(String key, String csrfToken) {}

    public SessionActions(Db db, SessionStore store, Clock clock) {
        this.db = db;
        this.store = store;
        this.clock = clock;
    }

    /**
     * A new session for a user whose password was just checked, always under a new key; the browser's
     * previous session ({@code previousKey}, null if none) ends with it, as Django's login cycles the key.
     */
    public NewSession doLogin(User user, String previousKey) {
        NewSession s = new NewSession(SessionKeys.random(), SessionKeys.random());
        long now = clock.instant().getEpochSecond();
        db.write(tx -> {
            if (previousKey != null) store.delete(tx.h(), SessionKeys.sha256(previousKey));
            store.insert(tx.h(), SessionKeys.sha256(s.key()), user.id(), s.csrfToken(), SessionKeys.authHash(user.passwordHash()),
                    now, now + WebCookies.SESSION_SECONDS);
            return null;
        });
        return s;
    }

    /**
     * Inside a password change's transaction: every other session of the user ends, and the one that
     * made the change ({@code keepKey}, null from the API) goes on under the new password.
     */
    public void keepOnly(Tx tx, long userId, String keepKey, String newPasswordHash) {
        store.keepOnly(tx.h(), userId, keepKey == null ? null : SessionKeys.sha256(keepKey), SessionKeys.authHash(newPasswordHash));
    }

    public void doLogout(String key) {
        db.write(tx -> {
            store.delete(tx.h(), SessionKeys.sha256(key));
            return null;
        });
    }

    /** The collector's pass: expired sessions leave the table. */
    public void doPurgeExpired() {
        long now = clock.instant().getEpochSecond();
        db.write(tx -> store.deleteExpired(tx.h(), now));
    }
}
