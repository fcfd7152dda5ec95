package dev.stoa.signin;

import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for login_tokens (the desktop flow's one-time tokens, stored as their SHA-256 only). */
public final class LoginTokenStore {
    void insert(Handle h, String tokenHash, long userId, long expiresAt) {
        h.createUpdate("INSERT INTO login_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)")
                .bind(0, tokenHash).bind(1, userId).bind(2, expiresAt).execute();
    }

    /** The token's user if it is still valid; it is spent either way (a token works once). */
    Optional<Long> take(Handle h, String tokenHash, long now) {
        return h.createQuery("DELETE FROM login_tokens WHERE token_hash = ? RETURNING user_id, expires_at").bind(0, tokenHash)
                .map((rs, ctx) -> rs.getLong(2) > now ? rs.getLong(1) : null).findOne(); // an expired row maps to empty
    }

    int deleteExpired(Handle h, long now) {
        return h.createUpdate("DELETE FROM login_tokens WHERE expires_at <= ?").bind(0, now).execute();
    }
}
