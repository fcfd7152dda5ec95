package dev.stoa.scheduled;

import dev.stoa.db.Dialect;
import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/** SQL for scheduled messages and reminders (table scheduled_messages). */
public final class ScheduledStore {
    private static final String COLUMNS = "id, sender_id, delivery_type, msg_type, channel_id, to_user_ids, topic, content, rendered_content, "
            + "scheduled_timestamp, read_by_sender, sending_client, delivered, failed, failure_message, reminder_target_message_id, reminder_note";

    private final Dialect dialect;

    public ScheduledStore(Dialect dialect) {
        this.dialect = dialect;
    }

    private static ScheduledRow map(ResultSet rs, StatementContext ctx) throws SQLException {
        long ch = rs.getLong(5);
        Long channelId = rs.wasNull() ? null : ch;
        String to = rs.getString(6);
        long target = rs.getLong(16);
        Long targetId = rs.wasNull() ? null : target;
        return new ScheduledRow(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), channelId,
                to == null ? List.of() : ids(to),
                rs.getString(7), rs.getString(8), rs.getString(9), rs.getLong(10), rs.getBoolean(11), rs.getString(12),
                rs.getBoolean(13), rs.getBoolean(14), rs.getString(15), targetId, rs.getString(17));
    }

    private static List<Long> ids(String json) {
        List<Long> out = new ArrayList<>();
        Json.parse(json).forEach(n -> out.add(n.asLong()));
        return List.copyOf(out);
    }

    public long insert(Handle h, ScheduledRow r) {
        return h.createUpdate("INSERT INTO scheduled_messages (sender_id, delivery_type, msg_type, channel_id, to_user_ids, topic, content, "
                        + "rendered_content, scheduled_timestamp, read_by_sender, sending_client, reminder_target_message_id, reminder_note) "
                        + "VALUES (:s, :d, :t, :c, :to, :topic, :content, :rendered, :ts, :read, :client, :target, :note)")
                .bind("s", r.senderId()).bind("d", r.deliveryType()).bind("t", r.type()).bind("c", r.channelId())
                .bind("to", r.isChannel() ? null : Json.write(r.to())).bind("topic", r.topic()).bind("content", r.content())
                .bind("rendered", r.renderedContent()).bind("ts", r.scheduledTimestamp()).bind("read", r.readBySender())
                .bind("client", r.client()).bind("target", r.reminderTargetMessageId()).bind("note", r.reminderNote())
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** The user's own row of that kind (delivered ones too, as Zulip's access_scheduled_message); locked on PostgreSQL. */
    public Optional<ScheduledRow> own(Handle h, long id, long senderId, String deliveryType) {
        return h.createQuery("SELECT " + COLUMNS + " FROM scheduled_messages WHERE id = ? AND sender_id = ? AND delivery_type = ?" + forUpdate())
                .bind(0, id).bind(1, senderId).bind(2, deliveryType).map(ScheduledStore::map).findOne();
    }

    /** The user's undelivered rows of that kind (failed ones included), by delivery time. */
    public List<ScheduledRow> undelivered(Handle h, long senderId, String deliveryType) {
        return h.createQuery("SELECT " + COLUMNS + " FROM scheduled_messages WHERE sender_id = ? AND delivery_type = ? AND delivered = FALSE "
                        + "ORDER BY scheduled_timestamp, id")
                .bind(0, senderId).bind(1, deliveryType).map(ScheduledStore::map).list();
    }

    public void update(Handle h, ScheduledRow r) {
        h.createUpdate("UPDATE scheduled_messages SET msg_type = :t, channel_id = :c, to_user_ids = :to, topic = :topic, content = :content, "
                        + "rendered_content = :rendered, scheduled_timestamp = :ts, sending_client = :client, failed = :failed, "
                        + "failure_message = :why WHERE id = :id")
                .bind("t", r.type()).bind("c", r.channelId()).bind("to", r.isChannel() ? null : Json.write(r.to())).bind("topic", r.topic())
                .bind("content", r.content()).bind("rendered", r.renderedContent()).bind("ts", r.scheduledTimestamp())
                .bind("client", r.client()).bind("failed", r.failed()).bind("why", r.failureMessage()).bind("id", r.id()).execute();
    }

    public void delete(Handle h, long id) {
        h.execute("DELETE FROM scheduled_messages WHERE id = ?", id);
    }

    /** Ids of rows due at `now` that nobody has delivered or given up on, oldest first. */
    public List<Long> dueIds(Handle h, long now, int limit) {
        return h.createQuery("SELECT id FROM scheduled_messages WHERE delivered = FALSE AND failed = FALSE AND scheduled_timestamp <= ? "
                + "ORDER BY scheduled_timestamp, id LIMIT " + limit).bind(0, now).mapTo(Long.class).list();
    }

    /**
     * Claims a due row for delivery in the caller's transaction: true for exactly one transaction
     * (on PostgreSQL a concurrent claimer waits on the row and then finds it delivered); it commits
     * or rolls back with the send.
     */
    public boolean claim(Handle h, long id, long now) {
        return h.execute("UPDATE scheduled_messages SET delivered = TRUE WHERE id = ? AND delivered = FALSE AND failed = FALSE "
                + "AND scheduled_timestamp <= ?", id, now) == 1;
    }

    public Optional<ScheduledRow> byId(Handle h, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM scheduled_messages WHERE id = ?").bind(0, id).map(ScheduledStore::map).findOne();
    }

    public void markSent(Handle h, long id, long messageId) {
        h.execute("UPDATE scheduled_messages SET delivered = TRUE, delivered_message_id = ? WHERE id = ?", messageId, id);
    }

    /** Gives up on a row (it stays listed with failed: true until edited or deleted). */
    public void markFailed(Handle h, long id, String why) {
        h.execute("UPDATE scheduled_messages SET delivered = FALSE, failed = TRUE, failure_message = ? WHERE id = ?", why, id);
    }

    private String forUpdate() {
        return dialect == Dialect.POSTGRES ? " FOR UPDATE" : "";
    }
}
