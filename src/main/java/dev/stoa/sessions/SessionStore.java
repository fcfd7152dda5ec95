package dev.stoa.sessions;

import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for web_sessions (keys stored as their SHA-256 only). */
public final class SessionStore {
    public record Row(long userId, String csrfToken, String authHash, long expiresAt) {}

    public void insert(Handle h, String keyHash, long userId, String csrfToken, String authHash, long createdAt, long expiresAt) {
        h.createUpdate("INSERT INTO web_sessions (key_hash, user_id, csrf_token, auth_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(0, keyHash).bind(1, userId).bind(2, csrfToken).bind(3, authHash).bind(4, createdAt).bind(5, expiresAt).execute();
    }

    public Optional<Row> find(Handle h, String keyHash) {
        return h.createQuery("SELECT user_id, csrf_token, auth_hash, expires_at FROM web_sessions WHERE key_hash = ?").bind(0, keyHash)
                .map((rs, ctx) -> new Row(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getLong(4))).findOne();
    }

    public void delete(Handle h, String keyHash) {
        h.createUpdate("DELETE FROM web_sessions WHERE key_hash = ?").bind(0, keyHash).execute();
    }

    /** A password change: the user's other sessions end, the one that made it remembers the new password (Django's update_session_auth_hash). */
    public void keepOnly(Handle h, long userId, String keyHash, String authHash) {
        h.createUpdate("DELETE FROM web_sessions WHERE user_id = ? AND key_hash <> ?").bind(0, userId).bind(1, keyHash == null ? "" : keyHash).execute();
        if (keyHash != null) h.createUpdate("UPDATE web_sessions SET auth_hash = ? WHERE key_hash = ?").bind(0, authHash).bind(1, keyHash).execute();
    }

    /** Every session of a user (deactivation). */
    public void deleteAllOf(Handle h, long userId) {
        h.createUpdate("DELETE FROM web_sessions WHERE user_id = ?").bind(0, userId).execute();
    }

    public int deleteExpired(Handle h, long now) {
        return h.createUpdate("DELETE FROM web_sessions WHERE expires_at <= ?").bind(0, now).execute();
    }
}
