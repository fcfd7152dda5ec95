package dev.stoa.channels;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/** SQL for channels and default channels. Subscriptions: {@link SubscriptionStore}; folders: {@link FolderStore}. */
public final class ChannelStore {
    static final String COLUMNS = "id, name, description, rendered_description, invite_only, is_web_public, "
            + "history_public_to_subscribers, message_retention_days, date_created, creator_id, folder_id, topics_policy, "
            + "is_archived, first_message_id, settings";

    static Channel map(ResultSet rs, StatementContext ctx) throws SQLException {
        int retention = rs.getInt(8);
        Integer ret = rs.wasNull() ? null : retention;
        return new Channel(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getBoolean(5),
                rs.getBoolean(6), rs.getBoolean(7), ret, rs.getLong(9), nullableLong(rs, 10), nullableLong(rs, 11),
                rs.getString(12), rs.getBoolean(13), nullableLong(rs, 14), (ObjectNode) Json.parse(rs.getString(15)));
    }

    static Long nullableLong(ResultSet rs, int i) throws SQLException {
        long v = rs.getLong(i);
        return rs.wasNull() ? null : v;
    }

    public long insert(Handle h, Channel c) {
        return h.createUpdate("INSERT INTO channels (name, description, rendered_description, invite_only, is_web_public, "
                        + "history_public_to_subscribers, message_retention_days, date_created, creator_id, folder_id, topics_policy, "
                        + "is_archived, first_message_id, settings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(0, c.name()).bind(1, c.description()).bind(2, c.renderedDescription()).bind(3, c.inviteOnly())
                .bind(4, c.isWebPublic()).bind(5, c.historyPublicToSubscribers()).bind(6, c.messageRetentionDays())
                .bind(7, c.dateCreated()).bind(8, c.creatorId()).bind(9, c.folderId()).bind(10, c.topicsPolicy())
                .bind(11, c.isArchived()).bind(12, c.firstMessageId()).bind(13, Json.write(c.settings()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** Writes every mutable column of c (the row's id stays). */
    public void update(Handle h, Channel c) {
        h.createUpdate("UPDATE channels SET name = ?, description = ?, rendered_description = ?, invite_only = ?, is_web_public = ?, "
                        + "history_public_to_subscribers = ?, message_retention_days = ?, folder_id = ?, topics_policy = ?, "
                        + "is_archived = ?, settings = ? WHERE id = ?")
                .bind(0, c.name()).bind(1, c.description()).bind(2, c.renderedDescription()).bind(3, c.inviteOnly())
                .bind(4, c.isWebPublic()).bind(5, c.historyPublicToSubscribers()).bind(6, c.messageRetentionDays())
                .bind(7, c.folderId()).bind(8, c.topicsPolicy()).bind(9, c.isArchived()).bind(10, Json.write(c.settings()))
                .bind(11, c.id()).execute();
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

    public List<Long> defaultChannelIds(Handle h) {
        return h.createQuery("SELECT channel_id FROM default_channels ORDER BY channel_id").mapTo(Long.class).list();
    }

    public boolean isDefault(Handle h, long channelId) {
        return h.createQuery("SELECT COUNT(*) FROM default_channels WHERE channel_id = ?").bind(0, channelId).mapTo(Long.class).one() > 0;
    }

    /** True when the channel was not a default channel before. */
    public boolean addDefault(Handle h, long channelId) {
        return h.execute("INSERT INTO default_channels (channel_id) VALUES (?) ON CONFLICT DO NOTHING", channelId) > 0;
    }

    /** True when the channel was a default channel. */
    public boolean removeDefault(Handle h, long channelId) {
        return h.execute("DELETE FROM default_channels WHERE channel_id = ?", channelId) > 0;
    }

    /** Whether the messages table exists yet (the messages feature creates it in V30+). */
    public boolean messagesTableExists(Handle h, dev.stoa.db.Dialect dialect) {
        String sql = dialect == dev.stoa.db.Dialect.POSTGRES
                ? "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'messages'"
                : "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'messages'";
        return h.createQuery(sql).mapTo(Long.class).one() > 0;
    }

    /** Records the channel's first message; true when it had none (the first send to it). */
    public boolean setFirstMessageId(Handle h, long channelId, long messageId) {
        return h.execute("UPDATE channels SET first_message_id = ? WHERE id = ? AND first_message_id IS NULL", messageId, channelId) > 0;
    }
}
