package dev.stoa.mail;

import dev.stoa.db.OutboxRunner;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** SQL of the outbox (table outbox_mail). */
public final class MailStore implements OutboxRunner.Rows<MailStore.Mail> {
    /** One mail waiting or sent. */
    public record Mail(long id, String kind, String to, String subject, String body, long createdAt, long nextAttemptAt,
                       int attempts, String lastError, Long sentAt, Long failedAt) {}

    private static Mail map(ResultSet rs) throws SQLException {
        long sent = rs.getLong(10);
        Long sentAt = rs.wasNull() ? null : sent;
        long failed = rs.getLong(11);
        Long failedAt = rs.wasNull() ? null : failed;
        return new Mail(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getLong(6),
                rs.getLong(7), rs.getInt(8), rs.getString(9), sentAt, failedAt);
    }

    private static final String COLUMNS = "id, kind, to_address, subject, body, created_at, next_attempt_at, attempts, last_error, sent_at, failed_at";

    public long insert(Handle h, String kind, String to, String subject, String body, long now) {
        return h.createUpdate("INSERT INTO outbox_mail (kind, to_address, subject, body, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(0, kind).bind(1, to).bind(2, subject).bind(3, body).bind(4, now).bind(5, now)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** How many mails of a kind were queued for an address since a time (epoch seconds). */
    public long countSince(Handle h, String kind, String to, long since) {
        return h.createQuery("SELECT count(*) FROM outbox_mail WHERE to_address = ? AND kind = ? AND created_at > ?")
                .bind(0, to).bind(1, kind).bind(2, since).mapTo(Long.class).one();
    }

    /** Unsent mail whose next attempt is due, oldest first. */
    @Override
    public List<Mail> due(Handle h, long now, int limit) {
        return h.createQuery("SELECT " + COLUMNS + " FROM outbox_mail WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?"
                        + " ORDER BY next_attempt_at, id LIMIT ?")
                .bind(0, now).bind(1, limit).map((rs, c) -> map(rs)).list();
    }

    /**
     * Claims a due row for one attempt: moves its next attempt to `retryAt` (the backoff, and the
     * lease against another sender on another node) unless someone claimed it first.
     */
    public boolean claim(Handle h, long id, long seenNextAttempt, long retryAt) {
        return h.createUpdate("UPDATE outbox_mail SET next_attempt_at = ?, attempts = attempts + 1"
                        + " WHERE id = ? AND next_attempt_at = ? AND sent_at IS NULL AND failed_at IS NULL")
                .bind(0, retryAt).bind(1, id).bind(2, seenNextAttempt).execute() == 1;
    }

    @Override
    public boolean claim(Handle h, Mail m, long retryAt) { return claim(h, m.id(), m.nextAttemptAt(), retryAt); }

    @Override
    public int attempts(Mail m) { return m.attempts(); }

    public void markSent(Handle h, long id, long now) {
        h.createUpdate("UPDATE outbox_mail SET sent_at = ?, last_error = NULL WHERE id = ?").bind(0, now).bind(1, id).execute();
    }

    public void markFailedAttempt(Handle h, long id, String error, Long giveUpAt) {
        h.createUpdate("UPDATE outbox_mail SET last_error = ?, failed_at = ? WHERE id = ?").bind(0, error).bind(1, giveUpAt).bind(2, id).execute();
    }

    public List<Mail> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM outbox_mail ORDER BY id").map((rs, c) -> map(rs)).list();
    }

    public long pending(Handle h) {
        return h.createQuery("SELECT COUNT(*) FROM outbox_mail WHERE sent_at IS NULL AND failed_at IS NULL").mapTo(Long.class).one();
    }
}
