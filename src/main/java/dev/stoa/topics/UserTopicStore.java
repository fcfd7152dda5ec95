package dev.stoa.topics;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * SQL for topic visibility policies (0 none, 1 muted, 2 unmuted, 3 followed) and muted users.
 * {@link #policies} and {@link #mutedUserIds} are what unread counts and narrows read.
 */
public final class UserTopicStore {
    public record Policy(long streamId, String topic, int visibilityPolicy, long lastUpdated) {}

    public List<Policy> policies(Handle h, long userId) {
        return h.createQuery("SELECT stream_id, topic, visibility_policy, last_updated FROM user_topics WHERE user_id = ? ORDER BY stream_id, topic_lower")
                .bind(0, userId).map((rs, c) -> new Policy(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getLong(4))).list();
    }

    public Optional<Policy> policy(Handle h, long userId, long streamId, String topic) {
        return h.createQuery("SELECT stream_id, topic, visibility_policy, last_updated FROM user_topics WHERE user_id = ? AND stream_id = ? AND topic_lower = ?")
                .bind(0, userId).bind(1, streamId).bind(2, topic.toLowerCase(Locale.ROOT))
                .map((rs, c) -> new Policy(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getLong(4))).findOne();
    }

    public void put(Handle h, long userId, Policy p) {
        h.execute("INSERT INTO user_topics (user_id, stream_id, topic, topic_lower, visibility_policy, last_updated) VALUES (?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (user_id, stream_id, topic_lower) DO UPDATE SET topic = excluded.topic, "
                        + "visibility_policy = excluded.visibility_policy, last_updated = excluded.last_updated",
                userId, p.streamId(), p.topic(), p.topic().toLowerCase(Locale.ROOT), p.visibilityPolicy(), p.lastUpdated());
    }

    public void remove(Handle h, long userId, long streamId, String topic) {
        h.execute("DELETE FROM user_topics WHERE user_id = ? AND stream_id = ? AND topic_lower = ?", userId, streamId, topic.toLowerCase(Locale.ROOT));
    }

    /** Who has a visibility policy for a channel topic (any case). */
    public List<Long> usersWithPolicy(Handle h, long streamId, String topic) {
        return h.createQuery("SELECT user_id FROM user_topics WHERE stream_id = ? AND topic_lower = ? ORDER BY user_id")
                .bind(0, streamId).bind(1, topic.toLowerCase(Locale.ROOT)).mapTo(Long.class).list();
    }

    /** Users the given user muted, and users who muted the given user (read receipts hide both). */
    public Set<Long> mutedOrMutingIds(Handle h, long userId) {
        return new HashSet<>(h.createQuery("SELECT muted_user_id FROM muted_users WHERE user_id = :u "
                + "UNION SELECT user_id FROM muted_users WHERE muted_user_id = :u").bind("u", userId).mapTo(Long.class).list());
    }

    /** Users the given user muted, with when. */
    public List<long[]> mutedUsers(Handle h, long userId) {
        return h.createQuery("SELECT muted_user_id, date_muted FROM muted_users WHERE user_id = ? ORDER BY muted_user_id")
                .bind(0, userId).map((rs, c) -> new long[] {rs.getLong(1), rs.getLong(2)}).list();
    }

    public List<Long> mutedUserIds(Handle h, long userId) {
        return mutedUsers(h, userId).stream().map(r -> r[0]).toList();
    }

    /** Who muted the given user (their messages reach these users already read, as in Zulip). */
    public List<Long> mutingUserIds(Handle h, long mutedId) {
        return h.createQuery("SELECT user_id FROM muted_users WHERE muted_user_id = ?").bind(0, mutedId).mapTo(Long.class).list();
    }

    /** False when already muted. */
    public boolean mute(Handle h, long userId, long mutedId, long now) {
        return h.execute("INSERT INTO muted_users (user_id, muted_user_id, date_muted) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", userId, mutedId, now) == 1;
    }

    /** False when not muted. */
    public boolean unmute(Handle h, long userId, long mutedId) {
        return h.execute("DELETE FROM muted_users WHERE user_id = ? AND muted_user_id = ?", userId, mutedId) == 1;
    }
}
