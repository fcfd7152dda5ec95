package dev.stoa.playgrounds;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for code playgrounds. */
public final class PlaygroundStore {
    public record Playground(long id, String name, String pygmentsLanguage, String urlTemplate) {}

    private static final String COLUMNS = "id, name, pygments_language, url_template";

    private static Playground map(ResultSet rs) throws SQLException {
        return new Playground(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4));
    }

    public List<Playground> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM playgrounds ORDER BY id").map((rs, c) -> map(rs)).list();
    }

    public Optional<Playground> byId(Handle h, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM playgrounds WHERE id = ?").bind(0, id).map((rs, c) -> map(rs)).findOne();
    }

    public boolean exists(Handle h, String pygmentsLanguage, String name) {
        return h.createQuery("SELECT COUNT(*) FROM playgrounds WHERE pygments_language = ? AND name = ?")
                .bind(0, pygmentsLanguage).bind(1, name).mapTo(Long.class).one() > 0;
    }

    public long insert(Handle h, String name, String pygmentsLanguage, String urlTemplate) {
        return h.createUpdate("INSERT INTO playgrounds (name, pygments_language, url_template) VALUES (?, ?, ?)")
                .bind(0, name).bind(1, pygmentsLanguage).bind(2, urlTemplate)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public void delete(Handle h, long id) {
        h.createUpdate("DELETE FROM playgrounds WHERE id = ?").bind(0, id).execute();
    }
}
