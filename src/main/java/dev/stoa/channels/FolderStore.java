package dev.stoa.channels;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/** SQL for channel folders. */
public final class FolderStore {
    static final String COLUMNS = "id, name, description, rendered_description, sort_order, date_created, creator_id, is_archived";

    static ChannelFolder map(ResultSet rs, StatementContext ctx) throws SQLException {
        return new ChannelFolder(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                rs.getLong(6), ChannelStore.nullableLong(rs, 7), rs.getBoolean(8));
    }

    public long insert(Handle h, String name, String description, String rendered, long now, Long creatorId) {
        int order = h.createQuery("SELECT COALESCE(MAX(sort_order), -1) + 1 FROM channel_folders").mapTo(Integer.class).one();
        return h.createUpdate("INSERT INTO channel_folders (name, description, rendered_description, sort_order, date_created, creator_id) "
                        + "VALUES (?, ?, ?, ?, ?, ?)")
                .bind(0, name).bind(1, description).bind(2, rendered).bind(3, order).bind(4, now).bind(5, creatorId)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public void update(Handle h, ChannelFolder f) {
        h.createUpdate("UPDATE channel_folders SET name = ?, description = ?, rendered_description = ?, sort_order = ?, is_archived = ? WHERE id = ?")
                .bind(0, f.name()).bind(1, f.description()).bind(2, f.renderedDescription()).bind(3, f.order())
                .bind(4, f.isArchived()).bind(5, f.id()).execute();
    }

    public Optional<ChannelFolder> byId(Handle h, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM channel_folders WHERE id = ?").bind(0, id).map(FolderStore::map).findOne();
    }

    public Optional<ChannelFolder> byName(Handle h, String name) {
        return h.createQuery("SELECT " + COLUMNS + " FROM channel_folders WHERE lower(name) = lower(?)").bind(0, name)
                .map(FolderStore::map).findOne();
    }

    public List<ChannelFolder> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM channel_folders ORDER BY sort_order, id").map(FolderStore::map).list();
    }
}
