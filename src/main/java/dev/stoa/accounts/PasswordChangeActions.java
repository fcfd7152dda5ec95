package dev.stoa.accounts;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.identity.User;
import dev.stoa.mail.Outbox;
import dev.stoa.realm.RealmHolder;
import dev.stoa.sessions.SessionActions;
import dev.stoa.users.PasswordLogin;
import dev.stoa.users.Passwords;
import dev.stoa.users.UserErrors;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.Objects;

/**
 * A signed-in person changes their own password (PATCH /settings with old_password and
 * new_password), checked in Zulip's order with Zulip's errors: a directory-managed password first,
 * then the old password (under the sign-in throttle), then the new one's strength. The change ends
 * the person's other web sessions, keeps the one that made it, and mails them a notice, all in one
 * transaction. No client event: as for a reset, the internal entry tells the key caches.
 */
public final class PasswordChangeActions {
    /** Zulip's PASSWORD_MIN_LENGTH default. */
    static final int MIN_LENGTH = 6;

    private final Db db;
    private final EventLog log;
    private final UserStore users;
    private final PasswordLogin passwords;
    private final SessionActions sessions;
    private final RealmHolder realm;
    private final Outbox outbox;
    private final Clock clock;
    private final String externalUrl;

    public PasswordChangeActions(Db db, EventLog log, UserStore users, PasswordLogin passwords, SessionActions sessions,
                                 RealmHolder realm, Outbox outbox, Clock clock, String externalUrl) {
        this.db = db;
        this.log = log;
        this.users = users;
        this.passwords = passwords;
        this.sessions = sessions;
        this.realm = realm;
        this.outbox = outbox;
        this.clock = clock;
        this.externalUrl = externalUrl;
    }

    /** {@code sessionKey}: the web session making the change (it stays signed in), null through the API. */
    public void checkChange(User me, String oldPassword, String newPassword, String sessionKey) {
        if (passwords.directoryManaged(me)) throw AccountErrors.passwordManagedInLdap();
        passwords.checkOwn(me, oldPassword);
        if (newPassword.length() < MIN_LENGTH) throw AccountErrors.newPasswordTooWeak();
        String hash = Passwords.hash(newPassword); // Argon2 takes a while: not inside the writer's transaction
        db.write(tx -> {
            // the row locked: of two changes made at once with the same old password, the second sees the new hash
            User u = users.byIdForUpdate(tx, me.id()).orElseThrow();
            if (!Objects.equals(u.passwordHash(), me.passwordHash())) throw UserErrors.wrongPassword();
            users.set(tx, u.id(), "password_hash", hash);
            sessions.keepOnly(tx, u.id(), sessionKey, hash);
            outbox.enqueue(tx, notice(u));
            return null;
        });
    }

    private Outbox.Letter notice(User u) {
        String org = realm.get().get("name").asText();
        String body = "Hi " + u.fullName() + ",\n\nThe password of your account " + u.deliveryEmail() + " in " + org + " (" + externalUrl
                + ") was changed on " + PasswordResetActions.when(clock.instant().getEpochSecond()) + ". Every other browser signed in"
                + " to the account has been signed out.\n\nIf this was you, there is nothing to do. If not, reset your password now: "
                + externalUrl + "/accounts/password/reset/\n";
        return new Outbox.Letter("password_changed", u.deliveryEmail(), "Your password for " + org + " was changed", body);
    }
}
