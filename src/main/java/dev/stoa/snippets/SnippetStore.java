package dev.stoa.snippets;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for saved snippets. */
public final class SnippetStore {
    private static final String COLUMNS = "id, title, content, date_created";

    public record Snippet(long id, String title, String content, long dateCreated) {}

    private static Snippet map(ResultSet rs) throws SQLException {
        return new Snippet(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getLong(4));
    }

    public List<Snippet> all(Handle h, long userId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM saved_snippets WHERE user_id = ? ORDER BY id")
                .bind(0, userId).map((rs, ctx) -> map(rs)).list();
    }

    public Optional<Snippet> get(Handle h, long userId, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM saved_snippets WHERE user_id = ? AND id = ?")
                .bind(0, userId).bind(1, id).map((rs, ctx) -> map(rs)).findOne();
    }

    public long insert(Handle h, long userId, String title, String content, long now) {
        return h.createUpdate("INSERT INTO saved_snippets (user_id, title, content, date_created) VALUES (?, ?, ?, ?)")
                .bind(0, userId).bind(1, title).bind(2, content).bind(3, now)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public void update(Handle h, long id, String title, String content) {
        h.execute("UPDATE saved_snippets SET title = ?, content = ? WHERE id = ?", title, content, id);
    }

    public void delete(Handle h, long id) {
        h.execute("DELETE FROM saved_snippets WHERE id = ?", id);
    }
}
