package dev.stoa.users;

import dev.stoa.db.Db;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.RateLimiter;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import java.util.Locale;

/**
 * A username and password → the user, for POST /fetch_api_key and the web client's sign-in alike, with
 * one throttle: after {@code failures}' limit of wrong passwords for a username (5 in 30 minutes by
 * default) that username's password logins are refused until the window passes. As Zulip's
 * authentication backends, in order: Stoa's own passwords (when email authentication is on), then a
 * directory's (LDAP), whichever knows the pair.
 */
public final class PasswordLogin {
    private final Db db;
    private final UserStore store;
    private final RealmHolder realm;
    private final RateLimiter failures;
    private final Listener listener;
    private final Methods on;
    private final Directory directory;
    private final SecondFactor secondFactor;

    /** Two-factor sign-in (twofactor.TwoFactorActions): what a password sign-in of {@code u} with {@code token} still needs. */
    public interface SecondFactor {
        enum Verdict { NOT_NEEDED, PASSED, MISSING, WRONG }

        Verdict check(User u, String token);

        SecondFactor NONE = (u, token) -> Verdict.NOT_NEEDED;
    }

    /** A directory of people and passwords (LDAP): the user it signs in (found, created or updated), or null. */
    public interface Directory {
        User authenticate(String username, String password);

        /** Whether this user's password is the directory's (then Stoa cannot change it). */
        boolean manages(User u);
    }

    /** Which password methods are on now: the configuration and the organization's choice (PATCH /realm authentication_methods). */
    public record On(boolean email, boolean directory) {}

    /** Which password methods are on at this sign-in (the sign-in feature's answer). */
    @FunctionalInterface
    public interface Methods {
        On now();
    }

    /** Hears of each successful sign-in (accounts: the new-login notice mail); `how` says through what. */
    public interface Listener {
        void loggedIn(User u, String how);
    }

    /** {@code directory} null when none is configured; {@code on} is asked at each sign-in. */
    public PasswordLogin(Db db, UserStore store, RealmHolder realm, RateLimiter failures, Listener listener, Methods on,
                         Directory directory, SecondFactor secondFactor) {
        this.secondFactor = secondFactor;
        this.on = on;
        this.directory = directory;
        this.db = db;
        this.store = store;
        this.realm = realm;
        this.failures = failures;
        this.listener = listener;
    }

    /**
     * `how` names the sign-in for the notice ("the web client", "the API (fetch_api_key)"); {@code otpToken}
     * is the person's two-factor code (or a recovery code), null when none was given.
     */
    public User check(String username, String password, String otpToken, String how) {
        String key = key(username);
        RateLimiter.Decision d = failures.peek(key);
        if (!d.allowed()) {
            throw CommonErrors.apiUsageExceededRateLimit().with("retry-after", (int) Math.ceil(d.retryAfterSeconds()));
        }
        On now = on.now();
        boolean viaDirectory = directory != null && now.directory();
        User u = now.email() ? local(username, password) : null;
        if (u == null && viaDirectory) u = directory.authenticate(username, password);
        if (u == null) {
            failures.hit(key);
            if (!now.email() && !viaDirectory) {
                throw UserErrors.passwordAuthDisabled();
            }
            throw UserErrors.wrongUsernameOrPassword();
        }
        checkSecondFactor(u, otpToken, key);
        UserRules.checkCanSignIn(realm.get(), u);
        listener.loggedIn(u, how);
        return u;
    }

    /** A wrong code counts against the username like a wrong password; a missing one is a question, not a failure. */
    private void checkSecondFactor(User u, String token, String key) {
        switch (secondFactor.check(u, token)) {
            case MISSING -> throw UserErrors.twoFactorCodeRequired()
                    .with("two_factor_required", true);
            case WRONG -> {
                failures.hit(key);
                throw UserErrors.invalidTwoFactorCode().with("two_factor_required", true);
            }
            case NOT_NEEDED, PASSED -> { }
        }
    }

    private User local(String username, String password) {
        User u = db.read(h -> store.byEmail(h, username).orElse(null));
        String hash = u == null || u.isBot() ? null : u.passwordHash();
        // One derivation whether or not the account exists, so the answer's timing tells nothing.
        boolean matches = Passwords.verifyWithEqualWork(password, hash);
        return hash != null && matches ? u : null;
    }

    /** Whether {@code u}'s password lives in the directory (PATCH /settings cannot change it). */
    public boolean directoryManaged(User u) {
        return directory != null && directory.manages(u);
    }

    /**
     * The signed-in user's current password, before PATCH /settings changes it: Zulip's wording for
     * this form ("Wrong password!", "You're making too many attempts!..."), the sign-in's throttle, so
     * that a stolen session cannot guess the password faster than the login form can.
     */
    public void checkOwn(User u, String password) {
        String key = key(u.deliveryEmail());
        RateLimiter.Decision d = failures.peek(key);
        if (!d.allowed()) {
            throw UserErrors.tooManyAttempts((int) Math.ceil(d.retryAfterSeconds()));
        }
        if (!on.now().email() || password == null || !Passwords.verify(password, u.passwordHash())) {
            failures.hit(key);
            throw UserErrors.wrongPassword();
        }
    }

    private static String key(String username) {
        return "login:" + username.toLowerCase(Locale.ROOT);
    }
}
