package dev.stoa.channels;

import dev.stoa.db.Dialect;
import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * SQL for channels and default channels. Subscriptions: {@link SubscriptionStore}; folders: {@link FolderStore}.
 * Its writes append {@link dev.stoa.events.RowsChanged} of CHANNELS: register's channel dicts ({@link ChannelDicts}) follow them.
 */
public final class ChannelStore {
    private final EventLog log;

    public ChannelStore(EventLog log) {
        this.log = log;
    }

    static final String COLUMNS = "id, name, description, rendered_description, invite_only, is_web_public, "
            + "history_public_to_subscribers, message_retention_days, date_created, creator_id, folder_id, topics_policy, "
            + "is_archived, first_message_id, settings";

    static Channel map(ResultSet rs, StatementContext ctx) throws SQLException {
        int retention = rs.getInt(8);
        Integer ret = rs.wasNull() ? null : retention;
        return new Channel(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getBoolean(5),
                rs.getBoolean(6), rs.getBoolean(7), ret, rs.getLong(9), nullableLong(rs, 10), nullableLong(rs, 11),
                rs.getString(12), rs.getBoolean(13), nullableLong(rs, 14), Json.parseStoredObject(rs.getString(15)));
    }

    static Long nullableLong(ResultSet rs, int i) throws SQLException {
        long v = rs.getLong(i);
        return rs.wasNull() ? null : v;
    }

    public long insert(Tx tx, Channel c) {
        long id = tx.h().createUpdate("INSERT INTO channels (name, description, rendered_description, invite_only, is_web_public, "
                        + "history_public_to_subscribers, message_retention_days, date_created, creator_id, folder_id, topics_policy, "
                        + "is_archived, first_message_id, settings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(0, c.name()).bind(1, c.description()).bind(2, c.renderedDescription()).bind(3, c.inviteOnly())
                .bind(4, c.isWebPublic()).bind(5, c.historyPublicToSubscribers()).bind(6, c.messageRetentionDays())
                .bind(7, c.dateCreated()).bind(8, c.creatorId()).bind(9, c.folderId()).bind(10, c.topicsPolicy())
                .bind(11, c.isArchived()).bind(12, c.firstMessageId()).bind(13, Json.write(c.settings()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        log.rowsChanged(tx, CachedTable.CHANNELS, List.of(id));
        return id;
    }

    /**
     * Writes the columns in which `updated` differs from `old` (same row), and only those: a
     * concurrent writer of another column (first_message_id, another field) keeps its value.
     */
    public void update(Tx tx, Channel old, Channel updated) {
        Map<String, Object> set = new LinkedHashMap<>();
        changed(set, "name", old.name(), updated.name());
        changed(set, "description", old.description(), updated.description());
        changed(set, "rendered_description", old.renderedDescription(), updated.renderedDescription());
        changed(set, "invite_only", old.inviteOnly(), updated.inviteOnly());
        changed(set, "is_web_public", old.isWebPublic(), updated.isWebPublic());
        changed(set, "history_public_to_subscribers", old.historyPublicToSubscribers(), updated.historyPublicToSubscribers());
        changed(set, "message_retention_days", old.messageRetentionDays(), updated.messageRetentionDays());
        changed(set, "folder_id", old.folderId(), updated.folderId());
        changed(set, "topics_policy", old.topicsPolicy(), updated.topicsPolicy());
        changed(set, "is_archived", old.isArchived(), updated.isArchived());
        changed(set, "settings", Json.write(old.settings()), Json.write(updated.settings()));
        if (set.isEmpty()) return;
        var u = tx.h().createUpdate("UPDATE channels SET " + String.join(" = ?, ", set.keySet()) + " = ? WHERE id = ?");
        int i = 0;
        for (Object v : set.values()) u.bind(i++, v);
        u.bind(i, old.id()).execute();
        log.rowsChanged(tx, CachedTable.CHANNELS, List.of(old.id()));
    }

    private static void changed(Map<String, Object> set, String column, Object old, Object updated) {
        if (!Objects.equals(old, updated)) set.put(column, updated);
    }

    /**
     * The row, locked until the transaction ends (PostgreSQL's SELECT ... FOR UPDATE, as Zulip
     * locks a channel it changes); SQLite's single writer already serializes write transactions.
     */
    public Optional<Channel> lock(Tx tx, long id) {
        String lock = tx.dialect() == Dialect.POSTGRES ? " FOR UPDATE" : "";
        return tx.h().createQuery("SELECT " + COLUMNS + " FROM channels WHERE id = ?" + lock).bind(0, id).map(ChannelStore::map).findOne();
    }

    public Optional<Channel> byId(Handle h, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM channels WHERE id = ?").bind(0, id).map(ChannelStore::map).findOne();
    }

    /** Channel names are unique regardless of case, as in Zulip. */
    public Optional<Channel> byName(Handle h, String name) {
        return h.createQuery("SELECT " + COLUMNS + " FROM channels WHERE lower(name) = lower(?)").bind(0, name)
                .map(ChannelStore::map).findOne();
    }

    public List<Channel> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM channels ORDER BY id").map(ChannelStore::map).list();
    }

    public Map<Long, Channel> allById(Handle h) {
        Map<Long, Channel> out = new LinkedHashMap<>();
        for (Channel c : all(h)) out.put(c.id(), c);
        return out;
    }

    public List<Channel> byIds(Handle h, Collection<Long> ids) {
        if (ids.isEmpty()) return List.of();
        return h.createQuery("SELECT " + COLUMNS + " FROM channels WHERE id IN (<ids>) ORDER BY id")
                .bindList("ids", List.copyOf(ids)).map(ChannelStore::map).list();
    }

    /** The names of these channels (message dicts' display_recipient): not whole rows, whose settings cost to read. */
    public Map<Long, String> namesByIds(Handle h, Collection<Long> ids) {
        Map<Long, String> out = new HashMap<>();
        if (ids.isEmpty()) return out;
        h.createQuery("SELECT id, name FROM channels WHERE id IN (<ids>)").bindList("ids", List.copyOf(ids))
                .map((rs, ctx) -> Map.entry(rs.getLong(1), rs.getString(2))).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    public List<Long> defaultChannelIds(Handle h) {
        return h.createQuery("SELECT channel_id FROM default_channels ORDER BY channel_id").mapTo(Long.class).list();
    }

    public boolean isDefault(Handle h, long channelId) {
        return h.createQuery("SELECT COUNT(*) FROM default_channels WHERE channel_id = ?").bind(0, channelId).mapTo(Long.class).one() > 0;
    }

    /** True when the channel was not a default channel before. */
    public boolean addDefault(Tx tx, long channelId) {
        log.rowsChanged(tx, CachedTable.CHANNELS, List.of(channelId));
        return tx.h().execute("INSERT INTO default_channels (channel_id) VALUES (?) ON CONFLICT DO NOTHING", channelId) > 0;
    }

    /** True when the channel was a default channel. */
    public boolean removeDefault(Tx tx, long channelId) {
        log.rowsChanged(tx, CachedTable.CHANNELS, List.of(channelId));
        return tx.h().execute("DELETE FROM default_channels WHERE channel_id = ?", channelId) > 0;
    }

    /** Whether the messages table exists yet (the messages feature creates it in V30+). */
    public boolean messagesTableExists(Handle h, Dialect dialect) {
        String sql = dialect == Dialect.POSTGRES
                ? "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'messages'"
                : "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'messages'";
        return h.createQuery(sql).mapTo(Long.class).one() > 0;
    }

    /** Records the channel's first message; true when it had none (the first send to it). */
    public boolean setFirstMessageId(Tx tx, long channelId, long messageId) {
        boolean first = tx.h().execute("UPDATE channels SET first_message_id = ? WHERE id = ? AND first_message_id IS NULL", messageId, channelId) > 0;
        if (first) log.rowsChanged(tx, CachedTable.CHANNELS, List.of(channelId));
        return first;
    }

    // Below: reads of the messages feature's tables about one channel. They live here because
    // messages depends on channels (not the reverse); messages' indexes serve them.

    /** Whether any message of the channel is outside the empty topic. */
    public boolean hasNamedTopics(Handle h, long channelId) {
        return h.createQuery("SELECT COUNT(*) FROM messages m JOIN recipients r ON r.id = m.recipient_id "
                + "WHERE r.channel_id = ? AND m.topic <> ''").bind(0, channelId).mapTo(Long.class).one() > 0;
    }

    /** A channel's topic and the id of its newest message. */
    public record TopicMax(String topic, long maxId) {}

    /**
     * The channel's topics, newest first; with `onlyReceivedBy` (protected history) only topics of
     * messages that user received. Indexed by messages (recipient_id, lower(topic), id).
     */
    public List<TopicMax> topics(Handle h, long channelId, Long onlyReceivedBy) {
        String own = onlyReceivedBy == null ? "" : " AND EXISTS (SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_id = :me)";
        return h.createQuery("SELECT m.topic, MAX(m.id) AS max_id FROM messages m JOIN recipients r ON r.id = m.recipient_id "
                        + "WHERE r.channel_id = :c" + own + " GROUP BY m.topic ORDER BY max_id DESC")
                .bind("c", channelId).bind("me", onlyReceivedBy)
                .map((rs, ctx) -> new TopicMax(rs.getString(1), rs.getLong(2))).list();
    }

    /** Per channel: the newest message's time and the number of messages after `recentSince`, over messages after `since`. */
    public record Traffic(long lastMessageAt, long recent) {}

    public Map<Long, Traffic> traffic(Handle h, long recentSince, long since) {
        Map<Long, Traffic> out = new HashMap<>();
        h.createQuery("""
                SELECT r.channel_id, MAX(m.date_sent), SUM(CASE WHEN m.date_sent > ? THEN 1 ELSE 0 END)
                FROM messages m JOIN recipients r ON r.id = m.recipient_id
                WHERE r.channel_id IS NOT NULL AND m.date_sent > ? GROUP BY r.channel_id""")
                .bind(0, recentSince).bind(1, since)
                .map((rs, c) -> out.put(rs.getLong(1), new Traffic(rs.getLong(2), rs.getLong(3)))).list();
        return out;
    }
}
