package dev.stoa.accounts;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.http.WebCookies;
import dev.stoa.identity.User;
import dev.stoa.mail.Outbox;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.Passwords;
import dev.stoa.users.UserErrors;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * The password reset flow: a request mails a signed link that expires after a day and works once;
 * the link's page sets the new password (which also ends the user's web sessions: they remember
 * the hash they were opened with). A request never tells whether an account exists.
 */
public final class PasswordResetActions {
    static final long VALIDITY_SECONDS = 24 * 3600;
    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MMMM d, yyyy 'at' HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private final Db db;
    private final EventLog log;
    private final UserStore users;
    private final AccountStore store;
    private final RealmHolder realm;
    private final Outbox outbox;
    private final Clock clock;
    private final String externalUrl;
    private volatile ResetTokens tokens;

    public PasswordResetActions(Db db, EventLog log, UserStore users, AccountStore store, RealmHolder realm, Outbox outbox, Clock clock,
                                String externalUrl) {
        this.db = db;
        this.log = log;
        this.users = users;
        this.store = store;
        this.realm = realm;
        this.outbox = outbox;
        this.clock = clock;
        this.externalUrl = externalUrl;
    }

    private ResetTokens tokens() {
        if (tokens == null) tokens = new ResetTokens(db.write(tx -> store.resetKey(tx.h(), WebCookies.newToken())));
        return tokens;
    }

    /**
     * Zulip's password_reset_form_by_email: 2 mails an hour and 5 a day to one address. Past them the
     * request gets the same answer and no mail (as Zulip: the page must not tell whether the address
     * has an account), so an anonymous client cannot flood someone's inbox (issue 30, finding 5).
     */
    static final List<Outbox.Limit> PER_ADDRESS = List.of(new Outbox.Limit(3600, 2), new Outbox.Limit(86400, 5));

    /** POST /accounts/password/reset/: mails the link when the address is a person's active account. Returns whether mail leaves the server. */
    public boolean checkRequest(String email) {
        if (email.isBlank()) throw AccountErrors.emailAddressRequired();
        ResetTokens t = tokens();
        db.write(tx -> {
            Optional<User> u = users.byEmail(tx.h(), email.strip()).filter(x -> x.isActive() && !x.isBot())
                    .flatMap(x -> users.byIdForUpdate(tx, x.id()));
            if (u.isPresent() && outbox.withinLimits(tx, "password_reset", u.get().deliveryEmail(), PER_ADDRESS)) {
                outbox.enqueue(tx, letter(u.get(), t.issue(u.get(), clock.instant().getEpochSecond() + VALIDITY_SECONDS)));
            }
            return null;
        });
        return outbox.canSend();
    }

    private Outbox.Letter letter(User u, String token) {
        String org = realm.get().get("name").asText();
        String body = "Hi " + u.fullName() + ",\n\nSomeone (hopefully you) asked to reset the password of your account " + u.deliveryEmail()
                + " in " + org + " (" + externalUrl + ").\n\nTo choose a new password, open this link within 24 hours:\n"
                + externalUrl + "/accounts/password/reset/" + token + "/\n\nThe link works once. If you did not ask for it, ignore this email:"
                + " your password stays as it is.\n";
        return new Outbox.Letter("password_reset", u.deliveryEmail(), "Reset your password for " + org, body);
    }

    /** The user whose valid token this is, for the new-password page. */
    public User holder(String token) {
        return db.read(h -> holder(h, token));
    }

    private User holder(Handle h, String token) {
        return valid(token, ResetTokens.userId(token).flatMap(id -> users.byId(h, id)));
    }

    private User valid(String token, Optional<User> user) {
        ResetTokens t = tokens();
        return user.filter(u -> u.isActive() && !u.isBot() && t.valid(token, u, clock.instant().getEpochSecond()))
                .orElseThrow(AccountErrors::resetLinkInvalid);
    }

    /** POST /accounts/password/reset/<token>/: the new password; the token is spent with the old hash. */
    public User checkReset(String token, String password, String confirmation) {
        if (password.length() < 6) throw UserErrors.passwordTooWeak();
        if (!password.equals(confirmation)) throw AccountErrors.passwordsDoNotMatch();
        return db.write(tx -> {
            // the row locked: of two resets with one link, the second sees the new hash and is refused
            User u = valid(token, ResetTokens.userId(token).flatMap(id -> users.byIdForUpdate(tx, id)));
            users.set(tx, u.id(), "password_hash", Passwords.hash(password));
            return u;
        });
    }

    static String when(long epochSecond) {
        return WHEN.format(Instant.ofEpochSecond(epochSecond));
    }
}
