package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.http.Json;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * SQL of soft deactivation: soft_deactivated (who is idle, and since which message rows are owed;
 * {@link VisitStore} writes user_activity, when people last made a request). Its writes append
 * {@link dev.stoa.events.RowsChanged} (the users' ids), which {@link IdleUsers} follows.
 */
public final class IdleStore {
    /** Zulip's UserTopic.VisibilityPolicy.FOLLOWED. */
    private static final int FOLLOWED = 3;
    private final EventLog log;

    public IdleStore(EventLog log) {
        this.log = log;
    }

    /**
     * Active people (no bots) not idle yet whose last visit (else the day they joined) is at or before
     * {@code lastVisitAtMost}: Zulip's get_users_for_soft_deactivation.
     */
    public List<Long> idleCandidates(Handle h, long lastVisitAtMost) {
        return h.createQuery("SELECT u.id FROM users u LEFT JOIN user_activity a ON a.user_id = u.id"
                        + " WHERE u.is_active AND NOT u.is_bot AND NOT EXISTS (SELECT 1 FROM soft_deactivated d WHERE d.user_id = u.id)"
                        + " AND COALESCE(a.last_visit, u.date_joined) <= ? ORDER BY u.id")
                .bind(0, lastVisitAtMost).mapTo(Long.class).list();
    }

    /**
     * Marks people idle (Zulip's do_soft_deactivate_user): rows are owed after their newest
     * user_message row, or after the newest message when they have none.
     */
    public void markIdle(Tx tx, List<Long> userIds, long now) {
        if (userIds.isEmpty()) return;
        var batch = tx.h().prepareBatch("INSERT INTO soft_deactivated (user_id, last_active_message_id, since) VALUES (?, COALESCE("
                + "(SELECT MAX(message_id) FROM user_message WHERE user_id = ?), (SELECT MAX(id) FROM messages), 0), ?) ON CONFLICT DO NOTHING");
        for (long u : userIds) batch.bind(0, u).bind(1, u).bind(2, now).add();
        batch.execute();
        log.rowsChanged(tx, CachedTable.SOFT_DEACTIVATED, userIds);
    }

    /** Ends a person's idleness; returns the message id after which rows are owed, or null when not idle. */
    public Long take(Tx tx, long userId) {
        Long last = tx.h().createQuery("DELETE FROM soft_deactivated WHERE user_id = ? RETURNING last_active_message_id")
                .bind(0, userId).mapTo(Long.class).findOne().orElse(null);
        if (last != null) log.rowsChanged(tx, CachedTable.SOFT_DEACTIVATED, List.of(userId));
        return last;
    }

    /** After the rows owed up to {@code messageId} were written: the people stay idle, owed rows start after it. */
    public void advance(Tx tx, Collection<Long> userIds, long messageId) {
        var batch = tx.h().prepareBatch("UPDATE soft_deactivated SET last_active_message_id = ? WHERE user_id = ? AND last_active_message_id < ?");
        for (long u : userIds) batch.bind(0, messageId).bind(1, u).bind(2, messageId).add();
        batch.execute();
        log.rowsChanged(tx, CachedTable.SOFT_DEACTIVATED, userIds);
    }

    /** Of these people, the idle ones: user id → the message id after which rows are owed. */
    public Map<Long, Long> idleAmong(Handle h, Collection<Long> userIds) {
        Map<Long, Long> out = new HashMap<>();
        for (List<Long> chunk : Db.idChunks(userIds)) {
            h.createQuery("SELECT user_id, last_active_message_id FROM soft_deactivated WHERE user_id IN (<ids>)")
                    .bindList("ids", chunk).map((rs, c) -> out.put(rs.getLong(1), rs.getLong(2))).list();
        }
        return out;
    }

    /** Every idle person's id. */
    public Set<Long> all(Handle h) {
        return new HashSet<>(h.createQuery("SELECT user_id FROM soft_deactivated").mapTo(Long.class).list());
    }

    /**
     * The channel's idle subscribers whose copy of a new message in {@code topic} may go unwritten
     * (user id → the message id after which rows are owed): those who would get no push or email
     * for it (Zulip's stream_push/stream_email/followed_topic user ids): the subscription's setting,
     * else the person's enable_stream_push/email_notifications (default off). Only the settings of
     * people who ever set one of those are parsed; a followed topic keeps the row.
     */
    public Map<Long, Long> skippableSubscribers(Handle h, long channelId, String topic) {
        Map<Long, Long> out = new HashMap<>();
        h.createQuery("SELECT d.user_id, d.last_active_message_id, s.push_notifications, s.email_notifications,"
                        + " CASE WHEN u.settings LIKE '%enable_stream_%' THEN u.settings END FROM soft_deactivated d"
                        + " JOIN subscriptions s ON s.user_id = d.user_id AND s.channel_id = :c AND s.active JOIN users u ON u.id = d.user_id"
                        + " WHERE (s.push_notifications IS NULL OR s.push_notifications = FALSE)"
                        + " AND (s.email_notifications IS NULL OR s.email_notifications = FALSE)"
                        + " AND NOT EXISTS (SELECT 1 FROM user_topics t WHERE t.user_id = d.user_id AND t.stream_id = :c"
                        + " AND t.topic_lower = :t AND t.visibility_policy = :followed)")
                .bind("c", channelId).bind("t", topic.toLowerCase(Locale.ROOT)).bind("followed", FOLLOWED)
                .map((rs, c) -> {
                    String settings = rs.getString(5);
                    if (settings == null || !(notifies(rs.getObject(3), settings, "enable_stream_push_notifications")
                            || notifies(rs.getObject(4), settings, "enable_stream_email_notifications"))) {
                        out.put(rs.getLong(1), rs.getLong(2));
                    }
                    return null;
                }).list();
        return out;
    }

    /** The subscription's setting when set (NULL: follow the person's), else the person's stored setting. */
    private static boolean notifies(Object subscription, String settings, String userSetting) {
        if (subscription != null) return false; // set, and the query kept only FALSE
        JsonNode v = Json.parse(settings).get(userSetting);
        return v != null && v.asBoolean(false);
    }
}
