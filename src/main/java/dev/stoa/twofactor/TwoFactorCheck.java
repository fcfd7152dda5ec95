package dev.stoa.twofactor;

import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.sessions.SessionKeys;
import dev.stoa.users.PasswordLogin;
import java.time.Clock;
import java.util.Locale;
import org.jdbi.v3.core.Handle;

/** The password sign-in's second question (PasswordLogin.SecondFactor): a current code or a recovery code, each accepted once. */
public final class TwoFactorCheck implements PasswordLogin.SecondFactor {
    private final Db db;
    private final TwoFactorStore store;
    private final Clock clock;
    private final boolean enabled;

    public TwoFactorCheck(Db db, TwoFactorStore store, Clock clock, boolean enabled) {
        this.db = db;
        this.store = store;
        this.clock = clock;
        this.enabled = enabled;
    }

    @Override
    public Verdict check(User u, String token) {
        if (!enabled || !db.read(h -> store.enabled(h, u.id()))) return Verdict.NOT_NEEDED;
        if (token == null || token.isBlank()) return Verdict.MISSING;
        return db.write(tx -> spend(tx.h(), u.id(), token.strip())) ? Verdict.PASSED : Verdict.WRONG;
    }

    /** Spends {@code code} in the caller's transaction: the TOTP step becomes the last one used, or the recovery code is deleted. */
    boolean spend(Handle h, long userId, String code) {
        if (code == null) return false;
        TwoFactorStore.Row row = store.find(h, userId).orElse(null);
        if (row == null || !row.confirmed()) return false;
        long step = Totp.matchingStep(row.secret(), code, clock.instant(), row.lastStep());
        if (step >= 0) return store.use(h, userId, step);
        return store.spendRecoveryCode(h, userId, SessionKeys.sha256(code.toLowerCase(Locale.ROOT)));
    }
}
