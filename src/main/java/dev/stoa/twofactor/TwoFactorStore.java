package dev.stoa.twofactor;

import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for two_factor and recovery_codes. */
public final class TwoFactorStore {
    record Row(String secret, boolean confirmed, long lastStep) {}

    Optional<Row> find(Handle h, long userId) {
        return h.createQuery("SELECT secret, confirmed, last_step FROM two_factor WHERE user_id = ?").bind(0, userId)
                .map((rs, ctx) -> new Row(rs.getString(1), rs.getBoolean(2), rs.getLong(3))).findOne();
    }

    /** Whether the user has confirmed two-factor sign-in (the login's question, one indexed lookup). */
    boolean enabled(Handle h, long userId) {
        return find(h, userId).map(Row::confirmed).orElse(false);
    }

    /** A new, unconfirmed secret (replacing an earlier unconfirmed one). */
    void begin(Handle h, long userId, String secret) {
        h.createUpdate("DELETE FROM two_factor WHERE user_id = ?").bind(0, userId).execute();
        h.createUpdate("INSERT INTO two_factor (user_id, secret, confirmed, last_step) VALUES (?, ?, FALSE, 0)").bind(0, userId).bind(1, secret).execute();
    }

    /** Records the step just used (and confirms); false when another request used this step or a later one first. */
    boolean use(Handle h, long userId, long step) {
        return h.createUpdate("UPDATE two_factor SET confirmed = TRUE, last_step = ? WHERE user_id = ? AND last_step < ?")
                .bind(0, step).bind(1, userId).bind(2, step).execute() == 1;
    }

    void remove(Handle h, long userId) {
        h.createUpdate("DELETE FROM recovery_codes WHERE user_id = ?").bind(0, userId).execute();
        h.createUpdate("DELETE FROM two_factor WHERE user_id = ?").bind(0, userId).execute();
    }

    void addRecoveryCode(Handle h, long userId, String codeHash) {
        h.createUpdate("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)").bind(0, userId).bind(1, codeHash).execute();
    }

    /** Spends a recovery code: true when it was the user's and unused. */
    boolean spendRecoveryCode(Handle h, long userId, String codeHash) {
        return h.createUpdate("DELETE FROM recovery_codes WHERE user_id = ? AND code_hash = ?").bind(0, userId).bind(1, codeHash).execute() == 1;
    }

    int recoveryCodesLeft(Handle h, long userId) {
        return h.createQuery("SELECT COUNT(*) FROM recovery_codes WHERE user_id = ?").bind(0, userId).mapTo(Integer.class).one();
    }
}
