package dev.stoa.twofactor;

import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.sessions.SessionKeys;
import dev.stoa.users.PasswordLogin;
import dev.stoa.users.Passwords;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Two-factor authentication for password sign-in (Zulip's TWO_FACTOR_AUTHENTICATION_ENABLED, through
 * django-two-factor-auth there): a person turns it on with their password and a first code from their
 * authenticator app, and gets ten single-use recovery codes; from then on a password sign-in (the login
 * page, fetch_api_key, LDAP passwords too) also takes a current code or a recovery code. Sign-in
 * through an identity provider (OpenID Connect, SAML, GitHub) leaves the second factor to the provider.
 */
public final class TwoFactorActions {
    static final int RECOVERY_CODES = 10;

    private final Db db;
    private final TwoFactorStore store;
    private final TwoFactorCheck check;
    private final PasswordLogin passwords;
    private final Clock clock;
    private final boolean enabled;
    private final String issuer;

    /** {@code enabled}: --two-factor; {@code issuer}: the name authenticator apps show beside the account (the realm's host). */
    public TwoFactorActions(Db db, TwoFactorStore store, TwoFactorCheck check, PasswordLogin passwords, Clock clock, boolean enabled, String issuer) {
        this.db = db;
        this.check = check;
        this.store = store;
        this.passwords = passwords;
        this.clock = clock;
        this.enabled = enabled;
        this.issuer = issuer;
    }

    public record Setup(String secret, String otpauthUrl) {}

    /** Step one: the current password, then a new secret for the app (unconfirmed until a code from it comes back). */
    public Setup checkBegin(User me, String password) {
        if (!enabled) throw TwoFactorErrors.notEnabledOnServer();
        passwords.checkOwn(me, password);
        String secret = Totp.newSecret();
        db.write(tx -> {
            if (store.enabled(tx.h(), me.id())) throw TwoFactorErrors.alreadyOn();
            store.begin(tx.h(), me.id(), secret);
            return null;
        });
        String label = enc(issuer) + ":" + enc(me.deliveryEmail());
        return new Setup(secret, "otpauth://totp/" + label + "?secret=" + secret + "&issuer=" + enc(issuer) + "&digits=6&period=" + Totp.STEP_SECONDS);
    }

    /** Step two: the app's first code turns two-factor sign-in on; the recovery codes are shown this once. */
    public List<String> checkConfirm(User me, String code) {
        if (!enabled) throw TwoFactorErrors.notEnabledOnServer();
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < RECOVERY_CODES; i++) codes.add(Passwords.randomString(12).toLowerCase(Locale.ROOT));
        db.write(tx -> {
            TwoFactorStore.Row row = store.find(tx.h(), me.id()).orElseThrow(() -> TwoFactorErrors.startSetUpFirst());
            if (row.confirmed()) throw TwoFactorErrors.alreadyOn();
            long step = Totp.matchingStep(row.secret(), code, clock.instant(), row.lastStep());
            if (step < 0 || !store.use(tx.h(), me.id(), step)) throw TwoFactorErrors.invalidCode();
            for (String c : codes) store.addRecoveryCode(tx.h(), me.id(), SessionKeys.sha256(c));
            return null;
        });
        return codes;
    }

    /** Turning it off takes a current code or a recovery code, so that a stolen session alone cannot. */
    public void checkDisable(User me, String code) {
        db.write(tx -> {
            if (!store.enabled(tx.h(), me.id())) throw TwoFactorErrors.notOn();
            if (!check.spend(tx.h(), me.id(), code)) throw TwoFactorErrors.invalidCode();
            store.remove(tx.h(), me.id());
            return null;
        });
    }

    public boolean isOn(User u) {
        return enabled && db.read(h -> store.enabled(h, u.id()));
    }

    public int recoveryCodesLeft(User u) {
        return db.read(h -> store.recoveryCodesLeft(h, u.id()));
    }

    public boolean offered() { return enabled; }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
