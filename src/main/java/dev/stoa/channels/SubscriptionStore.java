package dev.stoa.channels;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * SQL for subscriptions. A row stays after unsubscribing (active = FALSE): that is Zulip's
 * "unsubscribed" list. Subscriber lists count only active users.
 */
public final class SubscriptionStore {
    /** Columns a property change may set; the caller passes one of these, never user input. */
    public static final Set<String> PROPERTY_COLUMNS = Set.of("color", "is_muted", "pin_to_top", "desktop_notifications",
            "audible_notifications", "push_notifications", "email_notifications", "wildcard_mentions_notify");

    static final String COLUMNS = "user_id, channel_id, active, color, is_muted, pin_to_top, desktop_notifications, "
            + "audible_notifications, push_notifications, email_notifications, wildcard_mentions_notify";

    static Subscription map(ResultSet rs, StatementContext ctx) throws SQLException {
        return new Subscription(rs.getLong(1), rs.getLong(2), rs.getBoolean(3), rs.getString(4), rs.getBoolean(5),
                rs.getBoolean(6), nullableBool(rs, 7), nullableBool(rs, 8), nullableBool(rs, 9), nullableBool(rs, 10),
                nullableBool(rs, 11));
    }

    private static Boolean nullableBool(ResultSet rs, int i) throws SQLException {
        boolean v = rs.getBoolean(i);
        return rs.wasNull() ? null : v;
    }

    /** Subscribes (or resubscribes, keeping the old settings); true when the user was not subscribed before. */
    public boolean subscribe(Handle h, long userId, long channelId, String color) {
        int updated = h.execute("UPDATE subscriptions SET active = TRUE WHERE user_id = ? AND channel_id = ? AND NOT active", userId, channelId);
        if (updated > 0) return true;
        return h.execute("INSERT INTO subscriptions (user_id, channel_id, active, color) VALUES (?, ?, TRUE, ?) ON CONFLICT DO NOTHING",
                userId, channelId, color) > 0;
    }

    /** True when the user was subscribed. */
    public boolean unsubscribe(Handle h, long userId, long channelId) {
        return h.execute("UPDATE subscriptions SET active = FALSE WHERE user_id = ? AND channel_id = ? AND active", userId, channelId) > 0;
    }

    public Optional<Subscription> get(Handle h, long userId, long channelId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM subscriptions WHERE user_id = ? AND channel_id = ?")
                .bind(0, userId).bind(1, channelId).map(SubscriptionStore::map).findOne();
    }

    public boolean isSubscribed(Handle h, long userId, long channelId) {
        return h.createQuery("SELECT COUNT(*) FROM subscriptions WHERE user_id = ? AND channel_id = ? AND active")
                .bind(0, userId).bind(1, channelId).mapTo(Long.class).one() > 0;
    }

    /** Every subscription row of a user, active or not. */
    public List<Subscription> ofUser(Handle h, long userId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM subscriptions WHERE user_id = ? ORDER BY channel_id")
                .bind(0, userId).map(SubscriptionStore::map).list();
    }

    /** Active subscribers of a channel who are active users, ascending. */
    public List<Long> subscribers(Handle h, long channelId) {
        return h.createQuery("SELECT s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id "
                        + "WHERE s.channel_id = ? AND s.active AND u.is_active ORDER BY s.user_id")
                .bind(0, channelId).mapTo(Long.class).list();
    }

    /** Channel id → active subscribers who are active users, for every channel, in one query. */
    public Map<Long, List<Long>> allSubscribers(Handle h) {
        Map<Long, List<Long>> out = new HashMap<>();
        h.createQuery("SELECT s.channel_id, s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id "
                        + "WHERE s.active AND u.is_active ORDER BY s.channel_id, s.user_id")
                .map((rs, c) -> out.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(rs.getLong(2))).list();
        return out;
    }

    /** subscriber_count: active subscribers who are active users (the subscribers lists' length), per channel, in one query. */
    public Map<Long, Integer> counts(Handle h) {
        Map<Long, Integer> out = new HashMap<>();
        h.createQuery("SELECT s.channel_id, COUNT(*) FROM subscriptions s JOIN users u ON u.id = s.user_id "
                        + "WHERE s.active AND u.is_active GROUP BY s.channel_id")
                .map((rs, c) -> out.put(rs.getLong(1), rs.getInt(2))).list();
        return out;
    }

    /** One channel's subscriber_count. */
    public int count(Handle h, long channelId) {
        return h.createQuery("SELECT COUNT(*) FROM subscriptions s JOIN users u ON u.id = s.user_id "
                        + "WHERE s.channel_id = ? AND s.active AND u.is_active")
                .bind(0, channelId).mapTo(Integer.class).one();
    }

    /** Which of the given users are actively subscribed. */
    public List<Long> subscribedAmong(Handle h, long channelId, Collection<Long> userIds) {
        if (userIds.isEmpty()) return List.of();
        return h.createQuery("SELECT user_id FROM subscriptions WHERE channel_id = :c AND active AND user_id IN (<ids>) ORDER BY user_id")
                .bind("c", channelId).bindList("ids", List.copyOf(userIds)).mapTo(Long.class).list();
    }

    /** Sets one property column (from {@link #PROPERTY_COLUMNS}); value may be null for inherited settings. */
    public void setProperty(Handle h, long userId, long channelId, String column, Object value) {
        if (!PROPERTY_COLUMNS.contains(column)) throw new IllegalArgumentException(column);
        h.createUpdate("UPDATE subscriptions SET " + column + " = ? WHERE user_id = ? AND channel_id = ?")
                .bind(0, value).bind(1, userId).bind(2, channelId).execute();
    }
}
