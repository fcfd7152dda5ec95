package dev.stoa.sessions;

import dev.stoa.db.Db;
import dev.stoa.http.Sessions;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.time.Clock;

/** Session cookie → the signed-in user, for HttpFront; refused as HTTP Basic is for a deactivated user or organization. */
public final class WebSessions implements Sessions {
    private final Db db;
    private final SessionStore store;
    private final UserStore users;
    private final RealmHolder realm;
    private final Clock clock;

    public WebSessions(Db db, SessionStore store, UserStore users, RealmHolder realm, Clock clock) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.realm = realm;
        this.clock = clock;
    }

    @Override
    public Session find(String key) {
        if (key.length() > 100) return null; // ours are 43 characters: no digest for a megabyte of cookie
        String hash = SessionKeys.sha256(key);
        long now = clock.instant().getEpochSecond();
        Session s = db.read(h -> {
            SessionStore.Row row = store.find(h, hash).orElse(null);
            if (row == null || row.expiresAt() <= now) return null;
            User u = users.byId(h, row.userId()).orElse(null);
            if (u == null || !SessionKeys.authHash(u.passwordHash()).equals(row.authHash())) return null;
            return new Session(u, key, row.csrfToken());
        });
        if (s == null) return null;
        UserRules.checkCanSignIn(realm.get(), s.user());
        return s;
    }
}
