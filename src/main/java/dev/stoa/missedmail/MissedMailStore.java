package dev.stoa.missedmail;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** SQL of missed-message email: unread candidates, the user's per-channel settings, progress, client activity. */
public final class MissedMailStore {
    /**
     * One unread message of a user, with what deciding about it needs: its flags, its conversation,
     * and (for a channel message) the user's active subscription's settings (null when inherited,
     * `subscribed` false when not subscribed).
     */
    public record Candidate(long messageId, long flags, long senderId, Long channelId, String dmKey, String topic, String content,
                            long dateSent, boolean subscribed, boolean channelMuted, Boolean emailNotifications,
                            Boolean wildcardMentionsNotify, boolean senderMuted) {}

    /** Users with unread messages from others newer than their progress, sent after `since` and up to `until`. */
    public List<Long> usersWithCandidates(Handle h, long since, long until) {
        return h.createQuery("SELECT DISTINCT um.user_id FROM messages m JOIN user_message um ON um.message_id = m.id"
                        + " LEFT JOIN missed_mail_progress p ON p.user_id = um.user_id"
                        + " WHERE m.date_sent > ? AND m.date_sent <= ? AND (um.flags & 1) = 0 AND m.sender_id <> um.user_id"
                        + " AND um.message_id > COALESCE(p.last_message_id, 0) ORDER BY um.user_id")
                .bind(0, since).bind(1, until).mapTo(Long.class).list();
    }

    /** The user's unread messages from others after message `after`, sent after `since` and up to `until`, oldest first. */
    public List<Candidate> candidates(Handle h, long userId, long after, long since, long until) {
        return h.createQuery("SELECT m.id, um.flags, m.sender_id, m.channel_id, r.dm_key, m.topic, m.content, m.date_sent,"
                        + " s.active, s.is_muted, s.email_notifications, s.wildcard_mentions_notify,"
                        + " EXISTS (SELECT 1 FROM muted_users mu WHERE mu.user_id = um.user_id AND mu.muted_user_id = m.sender_id)"
                        + " FROM user_message um JOIN messages m ON m.id = um.message_id JOIN recipients r ON r.id = m.recipient_id"
                        + " LEFT JOIN subscriptions s ON s.user_id = um.user_id AND s.channel_id = m.channel_id AND s.active = TRUE"
                        + " WHERE um.user_id = ? AND um.message_id > ? AND (um.flags & 1) = 0 AND m.sender_id <> um.user_id"
                        + " AND m.date_sent > ? AND m.date_sent <= ? ORDER BY m.id")
                .bind(0, userId).bind(1, after).bind(2, since).bind(3, until)
                .map((rs, c) -> new Candidate(rs.getLong(1), rs.getLong(2), rs.getLong(3), (Long) nullable(rs, 4, rs.getLong(4)),
                        rs.getString(5), rs.getString(6), rs.getString(7), rs.getLong(8), rs.getBoolean(9) && !rs.wasNull(),
                        rs.getBoolean(10), (Boolean) nullable(rs, 11, rs.getBoolean(11)), (Boolean) nullable(rs, 12, rs.getBoolean(12)),
                        rs.getBoolean(13)))
                .list();
    }

    private static Object nullable(ResultSet rs, int col, Object value) throws SQLException {
        return rs.getObject(col) == null ? null : value;
    }

    /** The user's topic visibility policies: channel id → lower-cased topic → policy. */
    public Map<Long, Map<String, Integer>> topicPolicies(Handle h, long userId) {
        Map<Long, Map<String, Integer>> out = new HashMap<>();
        h.createQuery("SELECT stream_id, topic_lower, visibility_policy FROM user_topics WHERE user_id = ?").bind(0, userId)
                .map((rs, c) -> {
                    out.computeIfAbsent(rs.getLong(1), k -> new HashMap<>()).put(rs.getString(2), rs.getInt(3));
                    return null;
                }).list();
        return out;
    }

    /**
     * The user's progress, locked for this transaction (the UPDATE takes PostgreSQL's row lock, so
     * two nodes' passes never both mail one message); 0 when nothing is settled yet.
     */
    public long lockProgress(Handle h, long userId) {
        h.createUpdate("INSERT INTO missed_mail_progress (user_id, last_message_id) VALUES (?, 0) ON CONFLICT (user_id) DO NOTHING")
                .bind(0, userId).execute();
        h.createUpdate("UPDATE missed_mail_progress SET last_message_id = last_message_id WHERE user_id = ?").bind(0, userId).execute();
        return h.createQuery("SELECT last_message_id FROM missed_mail_progress WHERE user_id = ?").bind(0, userId).mapTo(Long.class).one();
    }

    public void advance(Handle h, long userId, long messageId) {
        h.createUpdate("UPDATE missed_mail_progress SET last_message_id = ? WHERE user_id = ? AND last_message_id < ?")
                .bind(0, messageId).bind(1, userId).bind(2, messageId).execute();
    }

    /** Whether one of the user's event queues was polled (or held a poll) at or after `since`. */
    public boolean hasActiveQueue(Handle h, long userId, long since) {
        return h.createQuery("SELECT COUNT(*) FROM event_queues WHERE user_id = ? AND last_activity >= ?")
                .bind(0, userId).bind(1, since).mapTo(Long.class).one() > 0;
    }
}
