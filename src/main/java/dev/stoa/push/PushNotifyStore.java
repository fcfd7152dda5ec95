package dev.stoa.push;

import dev.stoa.db.Db;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;

/**
 * SQL of the push notifier: the messages waiting for a decision (push_pending), what deciding reads
 * (the message, its unread recipients with their subscription settings, topic policies, whether they
 * are at a client), the devices a notification goes to, and the outstanding notifications
 * (push_notified) whose removal is owed once read or deleted.
 */
public final class PushNotifyStore {
    /** A new message as its payloads describe it. */
    public record Message(long id, long senderId, Long channelId, String dmKey, String topic, String renderedContent, long dateSent) {}

    /**
     * One recipient of a message, unread, not its sender: the flags, and for a channel message the
     * user's active subscription (subscribed false when none; settings null when inherited).
     */
    public record Candidate(long userId, long flags, boolean subscribed, boolean channelMuted, Boolean pushNotifications,
                            Boolean wildcardMentionsNotify, boolean senderMuted) {}

    /** A logged-in device registered for E2EE notifications: its push key and the relay's token id. */
    public record E2eeDevice(long id, long userId, long pushKeyId, String pushKey, String tokenId, String tokenKind) {}

    /** A legacy token (push_device_tokens): kind 1 APNs, 2 FCM. */
    public record Token(long userId, int kind, String token) {}

    public void queue(Handle h, long messageId, long now) {
        h.execute("INSERT INTO push_pending (message_id, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING", messageId, now);
    }

    /** Waiting messages, oldest first. */
    public List<Long> pending(Handle h, int limit) {
        return h.createQuery("SELECT message_id FROM push_pending ORDER BY message_id LIMIT ?").bind(0, limit).mapTo(Long.class).list();
    }

    /** Takes a waiting message for this transaction; false when another pass took it (PostgreSQL's row lock decides). */
    public boolean take(Handle h, long messageId) {
        return h.execute("DELETE FROM push_pending WHERE message_id = ?", messageId) == 1;
    }

    /** Users an edit newly mentioned, waiting for a decision. */
    public void queueMentions(Handle h, long messageId, Collection<Long> userIds, long now) {
        PreparedBatch b = h.prepareBatch("INSERT INTO push_pending_mentions (message_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
        for (long u : userIds) b.add(messageId, u, now);
        b.execute();
    }

    /** Messages with newly mentioned users waiting, oldest first. */
    public List<Long> pendingMentions(Handle h, int limit) {
        return h.createQuery("SELECT DISTINCT message_id FROM push_pending_mentions ORDER BY message_id LIMIT ?").bind(0, limit)
                .mapTo(Long.class).list();
    }

    /** Takes the message's waiting mentions for this transaction (each row once: another pass may have taken some). */
    public Set<Long> takeMentions(Handle h, long messageId) {
        Set<Long> taken = new HashSet<>();
        for (long u : h.createQuery("SELECT user_id FROM push_pending_mentions WHERE message_id = ?").bind(0, messageId).mapTo(Long.class).list()) {
            if (h.execute("DELETE FROM push_pending_mentions WHERE message_id = ? AND user_id = ?", messageId, u) == 1) taken.add(u);
        }
        return taken;
    }

    /** Users with an outstanding notification of the message (Zulip's active_mobile_push_notification). */
    public Set<Long> notifiedUsers(Handle h, long messageId) {
        return new HashSet<>(h.createQuery("SELECT user_id FROM push_notified WHERE message_id = ?").bind(0, messageId).mapTo(Long.class).list());
    }

    public Optional<Message> message(Handle h, long id) {
        return h.createQuery("SELECT m.id, m.sender_id, m.channel_id, r.dm_key, m.topic, m.rendered_content, m.date_sent"
                        + " FROM messages m JOIN recipients r ON r.id = m.recipient_id WHERE m.id = ?").bind(0, id)
                .map((rs, c) -> new Message(rs.getLong(1), rs.getLong(2), rs.getObject(3) == null ? null : rs.getLong(3), rs.getString(4),
                        rs.getString(5), rs.getString(6), rs.getLong(7)))
                .findOne();
    }

    /** The message's unread recipients other than its sender, by user id. */
    public List<Candidate> candidates(Handle h, long messageId, long senderId, Long channelId) {
        return h.createQuery("SELECT um.user_id, um.flags, s.active, s.is_muted, s.push_notifications, s.wildcard_mentions_notify,"
                        + " EXISTS (SELECT 1 FROM muted_users mu WHERE mu.user_id = um.user_id AND mu.muted_user_id = ?)"
                        + " FROM user_message um"
                        + " LEFT JOIN subscriptions s ON s.user_id = um.user_id AND s.channel_id = ? AND s.active = TRUE"
                        + " WHERE um.message_id = ? AND um.user_id <> ? AND (um.flags & 1) = 0 ORDER BY um.user_id")
                .bind(0, senderId).bind(1, channelId).bind(2, messageId).bind(3, senderId)
                .map((rs, c) -> new Candidate(rs.getLong(1), rs.getLong(2), rs.getBoolean(3) && !rs.wasNull(), rs.getBoolean(4),
                        nullableBoolean(rs, 5), nullableBoolean(rs, 6), rs.getBoolean(7)))
                .list();
    }

    private static Boolean nullableBoolean(ResultSet rs, int col) throws SQLException {
        boolean v = rs.getBoolean(col);
        return rs.wasNull() ? null : v;
    }

    /** Each user's visibility policy of one topic (topics are case-insensitive). */
    public Map<Long, Integer> topicPolicies(Handle h, long channelId, String topic) {
        Map<Long, Integer> out = new HashMap<>();
        h.createQuery("SELECT user_id, visibility_policy FROM user_topics WHERE stream_id = ? AND topic_lower = ?")
                .bind(0, channelId).bind(1, topic.toLowerCase(Locale.ROOT))
                .map((rs, c) -> out.put(rs.getLong(1), rs.getInt(2))).list();
        return out;
    }

    /** Of these users, those whose presence says they were active at or after `since`. */
    public Set<Long> activeSince(Handle h, List<Long> userIds, long since) {
        if (userIds.isEmpty()) return Set.of();
        return new HashSet<>(h.createQuery("SELECT user_id FROM presence WHERE user_id IN (<ids>) AND last_active_time >= :since")
                .bindList("ids", userIds).bind("since", since).mapTo(Long.class).list());
    }

    /** The event queues of these users: user id → each queue's spec (JSON: event_types, narrow, ...). */
    public Map<Long, List<String>> queueSpecs(Handle h, List<Long> userIds) {
        Map<Long, List<String>> out = new HashMap<>();
        if (userIds.isEmpty()) return out;
        h.createQuery("SELECT user_id, spec FROM event_queues WHERE user_id IN (<ids>)").bindList("ids", userIds)
                .map((rs, c) -> out.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(rs.getString(2))).list();
        return out;
    }

    public List<Token> tokens(Handle h, long userId) {
        return h.createQuery("SELECT user_id, kind, token FROM push_device_tokens WHERE user_id = ? ORDER BY id").bind(0, userId)
                .map((rs, c) -> new Token(rs.getLong(1), rs.getInt(2), rs.getString(3))).list();
    }

    /** The user's devices whose E2EE registration the relay accepted (a push key and a token id). */
    public List<E2eeDevice> e2eeDevices(Handle h, long userId) {
        return h.createQuery("SELECT id, user_id, push_key_id, push_key, push_token_id, push_token_kind FROM client_devices"
                        + " WHERE user_id = ? AND push_key IS NOT NULL AND push_token_id IS NOT NULL ORDER BY id").bind(0, userId)
                .map((rs, c) -> new E2eeDevice(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6)))
                .list();
    }

    public void notified(Handle h, long userId, long messageId, long now) {
        h.execute("INSERT INTO push_notified (user_id, message_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", userId, messageId, now);
    }

    /** Marks the user's outstanding notifications of these messages (just read) as owing a removal; returns how many. */
    public int oweRead(Handle h, long userId, Collection<Long> messageIds, long now) {
        int n = 0;
        for (List<Long> chunk : Db.idChunks(messageIds)) {
            n += h.createUpdate("UPDATE push_notified SET owed_at = :now WHERE user_id = :u AND message_id IN (<ids>) AND owed_at IS NULL")
                    .bind("now", now).bind("u", userId).bindList("ids", chunk).execute();
        }
        return n;
    }

    /** Marks everyone's outstanding notifications of these messages (being deleted) as owing a removal; returns how many. */
    public int oweDeleted(Handle h, Collection<Long> messageIds, long now) {
        int n = 0;
        for (List<Long> chunk : Db.idChunks(messageIds)) {
            n += h.createUpdate("UPDATE push_notified SET owed_at = :now WHERE message_id IN (<ids>) AND owed_at IS NULL")
                    .bind("now", now).bindList("ids", chunk).execute();
        }
        return n;
    }

    /**
     * Outstanding notifications owing a removal: those marked by a read or a deletion, and those
     * recorded since `recentSince` whose message is read or gone (a read that committed while the
     * notification was being decided found nothing to mark). User id → message ids, ascending.
     */
    public Map<Long, List<Long>> removable(Handle h, long recentSince) {
        Map<Long, List<Long>> out = new LinkedHashMap<>();
        h.createQuery("SELECT user_id, message_id FROM push_notified WHERE owed_at IS NOT NULL"
                        + " UNION SELECT pn.user_id, pn.message_id FROM push_notified pn"
                        + " LEFT JOIN user_message um ON um.user_id = pn.user_id AND um.message_id = pn.message_id"
                        + " WHERE pn.created_at >= ? AND (um.message_id IS NULL OR (um.flags & 1) = 1) ORDER BY 1, 2")
                .bind(0, recentSince)
                .map((rs, c) -> out.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(rs.getLong(2))).list();
        return out;
    }

    /** Forgets outstanding notifications recorded before `before` that no read or deletion settled; returns how many. */
    public int prune(Handle h, long before) {
        return h.execute("DELETE FROM push_notified WHERE owed_at IS NULL AND created_at < ?", before);
    }

    /** Settles outstanding notifications; returns how many rows this transaction removed (0: another pass did). */
    public int settle(Handle h, long userId, List<Long> messageIds) {
        int n = 0;
        for (List<Long> chunk : Db.idChunks(messageIds)) {
            n += h.createUpdate("DELETE FROM push_notified WHERE user_id = :u AND message_id IN (<ids>)").bind("u", userId)
                    .bindList("ids", chunk).execute();
        }
        return n;
    }
}
