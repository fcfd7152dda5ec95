package dev.stoa.bots;

import dev.stoa.db.OutboxRunner;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** SQL of outgoing_webhook_outbox: the calls owed to outgoing-webhook bots. */
public final class OutgoingWebhookStore implements OutboxRunner.Rows<OutgoingWebhookStore.Call> {
    /** One call: the bot and which of its services (null: rows from before V95, the first), the triggering message as the bot sees it (JSON) and its trigger. */
    public record Call(long id, long botId, Long serviceId, long messageId, String trigger, String message, long createdAt, long nextAttemptAt,
                       int attempts, String lastError, Long sentAt, Long failedAt) {}

    private static final String COLUMNS = "id, bot_id, service_id, message_id, trigger_name, message, created_at, next_attempt_at, attempts, last_error,"
            + " sent_at, failed_at";

    private static Call map(ResultSet rs) throws SQLException {
        return new Call(rs.getLong(1), rs.getLong(2), nullable(rs, 3), rs.getLong(4), rs.getString(5), rs.getString(6), rs.getLong(7),
                rs.getLong(8), rs.getInt(9), rs.getString(10), nullable(rs, 11), nullable(rs, 12));
    }

    private static Long nullable(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    public void insert(Handle h, long botId, long serviceId, long messageId, String trigger, String message, long now) {
        h.createUpdate("INSERT INTO outgoing_webhook_outbox (bot_id, service_id, message_id, trigger_name, message, created_at, next_attempt_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?)")
                .bind(0, botId).bind(1, serviceId).bind(2, messageId).bind(3, trigger).bind(4, message).bind(5, now).bind(6, now).execute();
    }

    /** Calls whose next attempt is due, oldest first (a bot hears a conversation in order). */
    @Override
    public List<Call> due(Handle h, long now, int limit) {
        return h.createQuery("SELECT " + COLUMNS + " FROM outgoing_webhook_outbox WHERE sent_at IS NULL AND failed_at IS NULL"
                        + " AND next_attempt_at <= ? ORDER BY id LIMIT ?")
                .bind(0, now).bind(1, limit).map((rs, c) -> map(rs)).list();
    }

    /** Claims a due call for one attempt; its next attempt moves to the lease's end, so a crash mid-call retries it then. */
    @Override
    public boolean claim(Handle h, Call c, long retryAt) {
        return h.createUpdate("UPDATE outgoing_webhook_outbox SET next_attempt_at = ?, attempts = attempts + 1"
                        + " WHERE id = ? AND next_attempt_at = ? AND sent_at IS NULL AND failed_at IS NULL")
                .bind(0, retryAt).bind(1, c.id()).bind(2, c.nextAttemptAt()).execute() == 1;
    }

    @Override
    public int attempts(Call c) { return c.attempts(); }

    /** Done, whatever the outcome was (a reply, a failure told, nothing to say); written with the reply. */
    public void markSent(Handle h, long id, long now, String error) {
        h.createUpdate("UPDATE outgoing_webhook_outbox SET sent_at = ?, last_error = ? WHERE id = ?").bind(0, now).bind(1, error).bind(2, id).execute();
    }

    /** Retries exhausted: the owner was told, in the same transaction. */
    public void markFailed(Handle h, long id, long now, String error) {
        h.createUpdate("UPDATE outgoing_webhook_outbox SET failed_at = ?, last_error = ? WHERE id = ?").bind(0, now).bind(1, error).bind(2, id).execute();
    }

    /** A timeout or connection error: due again now (Zulip's worker requeues the event at once). */
    public void markRetry(Handle h, long id, long now, String error) {
        h.createUpdate("UPDATE outgoing_webhook_outbox SET next_attempt_at = ?, last_error = ? WHERE id = ?").bind(0, now).bind(1, error).bind(2, id).execute();
    }

    public List<Call> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM outgoing_webhook_outbox ORDER BY id").map((rs, c) -> map(rs)).list();
    }
}
