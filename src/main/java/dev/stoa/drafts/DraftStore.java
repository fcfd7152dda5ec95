package dev.stoa.drafts;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for drafts; DraftJson renders a saved one as the API's Draft object. */
public final class DraftStore {
    private static final String COLUMNS = "id, type, recipients, topic, content, last_edit_time";

    /** A validated draft ready to store: `to` already normalized. */
    public record Row(String type, List<Long> to, String topic, String content, long timestamp) {}

    /** A stored draft: its id and what was validated into it. */
    public record Saved(long id, Row row) {}

    private static Saved map(ResultSet rs) throws SQLException {
        List<Long> to = new ArrayList<>();
        for (JsonNode id : Json.parse(rs.getString(3))) to.add(id.longValue());
        return new Saved(rs.getLong(1), new Row(rs.getString(2), to, rs.getString(4), rs.getString(5), rs.getLong(6)));
    }

    /** Most recently edited first, as GET /drafts documents. */
    public List<Saved> all(Handle h, long userId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM drafts WHERE user_id = ? ORDER BY last_edit_time DESC, id DESC")
                .bind(0, userId).map((rs, ctx) -> map(rs)).list();
    }

    public Optional<Saved> get(Handle h, long userId, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM drafts WHERE user_id = ? AND id = ?")
                .bind(0, userId).bind(1, id).map((rs, ctx) -> map(rs)).findOne();
    }

    public long insert(Handle h, long userId, Row r) {
        return h.createUpdate("INSERT INTO drafts (user_id, type, recipients, topic, content, last_edit_time) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(0, userId).bind(1, r.type()).bind(2, Json.write(r.to())).bind(3, r.topic()).bind(4, r.content()).bind(5, r.timestamp())
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public void update(Handle h, long id, Row r) {
        h.execute("UPDATE drafts SET type = ?, recipients = ?, topic = ?, content = ?, last_edit_time = ? WHERE id = ?",
                r.type(), Json.write(r.to()), r.topic(), r.content(), r.timestamp(), id);
    }

    public void delete(Handle h, long id) {
        h.execute("DELETE FROM drafts WHERE id = ?", id);
    }
}
