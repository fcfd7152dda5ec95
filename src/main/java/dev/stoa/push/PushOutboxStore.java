package dev.stoa.push;

import dev.stoa.db.OutboxRunner;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** SQL of push_outbox: the requests owed to the push relay. */
public final class PushOutboxStore implements OutboxRunner.Rows<PushOutboxStore.Row> {
    /** One request waiting or sent. */
    public record Row(long id, String kind, String endpoint, boolean json, String body, Long userId, Long deviceId, long createdAt,
                      long nextAttemptAt, int attempts, String lastError, Long sentAt, Long failedAt, Long messageId) {}

    private static final String COLUMNS = "id, kind, endpoint, is_json, body, user_id, device_id, created_at, next_attempt_at, attempts,"
            + " last_error, sent_at, failed_at, message_id";

    private static Row map(ResultSet rs) throws SQLException {
        return new Row(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4), rs.getString(5), nullable(rs, 6),
                nullable(rs, 7), rs.getLong(8), rs.getLong(9), rs.getInt(10), rs.getString(11), nullable(rs, 12), nullable(rs, 13),
                nullable(rs, 14));
    }

    private static Long nullable(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    public long insert(Handle h, String kind, String endpoint, boolean json, String body, Long userId, Long deviceId, Long messageId, long now) {
        return h.createUpdate("INSERT INTO push_outbox (kind, endpoint, is_json, body, user_id, device_id, message_id, created_at, next_attempt_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(0, kind).bind(1, endpoint).bind(2, json).bind(3, body).bind(4, userId).bind(5, deviceId).bind(6, messageId).bind(7, now)
                .bind(8, now)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** Unsent requests whose next attempt is due, oldest first (a registration goes before the notifications that need it). */
    @Override
    public List<Row> due(Handle h, long now, int limit) {
        return h.createQuery("SELECT " + COLUMNS + " FROM push_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?"
                        + " ORDER BY id LIMIT ?")
                .bind(0, now).bind(1, limit).map((rs, c) -> map(rs)).list();
    }

    /** Claims a due row for one attempt (its next attempt moves to the backoff: the lease against another node's sender). */
    public boolean claim(Handle h, long id, long seenNextAttempt, long retryAt) {
        return h.createUpdate("UPDATE push_outbox SET next_attempt_at = ?, attempts = attempts + 1"
                        + " WHERE id = ? AND next_attempt_at = ? AND sent_at IS NULL AND failed_at IS NULL")
                .bind(0, retryAt).bind(1, id).bind(2, seenNextAttempt).execute() == 1;
    }

    @Override
    public boolean claim(Handle h, Row r, long retryAt) { return claim(h, r.id(), r.nextAttemptAt(), retryAt); }

    @Override
    public int attempts(Row r) { return r.attempts(); }

    public void markSent(Handle h, long id, long now) {
        h.createUpdate("UPDATE push_outbox SET sent_at = ?, last_error = NULL WHERE id = ?").bind(0, now).bind(1, id).execute();
    }

    public void markFailedAttempt(Handle h, long id, String error, Long giveUpAt) {
        h.createUpdate("UPDATE push_outbox SET last_error = ?, failed_at = ? WHERE id = ?").bind(0, error).bind(1, giveUpAt).bind(2, id).execute();
    }

    /** Whether the user has read the message, or no longer has it (deleted, or moved out of reach). */
    public boolean readOrGone(Handle h, long userId, long messageId) {
        Long flags = h.createQuery("SELECT flags FROM user_message WHERE user_id = ? AND message_id = ?").bind(0, userId).bind(1, messageId)
                .mapTo(Long.class).findOne().orElse(null);
        return flags == null || (flags & 1) == 1;
    }

    /** A notification not sent because its message was read first: settled, with the reason. */
    public void markDropped(Handle h, long id, String reason, long now) {
        h.createUpdate("UPDATE push_outbox SET failed_at = ?, last_error = ? WHERE id = ?").bind(0, now).bind(1, reason).bind(2, id).execute();
    }

    public List<Row> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM push_outbox ORDER BY id").map((rs, c) -> map(rs)).list();
    }
}
