package dev.stoa.emoji;

import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/** SQL for custom emoji. Its writes append {@link dev.stoa.events.RowsChanged} (realm_emoji): RealmEmoji follows it. */
public final class EmojiStore {
    private final EventLog log;

    public EmojiStore(EventLog log) {
        this.log = log;
    }

    private static final String COLUMNS = "id, name, file_name, still_file_name, author_id, deactivated";

    private static EmojiRow map(ResultSet rs, StatementContext ctx) throws SQLException {
        long author = rs.getLong(5);
        Long authorId = rs.wasNull() ? null : author;
        return new EmojiRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), authorId, rs.getBoolean(6));
    }

    public List<EmojiRow> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM realm_emoji ORDER BY id").map(EmojiStore::map).list();
    }

    public Optional<EmojiRow> activeByName(Handle h, String name) {
        return h.createQuery("SELECT " + COLUMNS + " FROM realm_emoji WHERE name = ? AND NOT deactivated")
                .bind(0, name).map(EmojiStore::map).findOne();
    }

    public long insert(Tx tx, String name, String fileName, String stillFileName, long authorId) {
        long id = tx.h().createUpdate("INSERT INTO realm_emoji (name, file_name, still_file_name, author_id, deactivated) VALUES (?, ?, ?, ?, FALSE)")
                .bind(0, name).bind(1, fileName).bind(2, stillFileName).bind(3, authorId)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        log.rowsChanged(tx, CachedTable.REALM_EMOJI, List.of(id));
        return id;
    }

    public void deactivate(Tx tx, long id) {
        tx.h().createUpdate("UPDATE realm_emoji SET deactivated = TRUE WHERE id = ?").bind(0, id).execute();
        log.rowsChanged(tx, CachedTable.REALM_EMOJI, List.of(id));
    }
}
