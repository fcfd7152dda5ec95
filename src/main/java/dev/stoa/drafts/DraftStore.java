package dev.stoa.drafts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for drafts; rows are rendered as the API's Draft objects. */
public final class DraftStore {
    private static final String COLUMNS = "id, type, recipients, topic, content, last_edit_time";

    /** A validated draft ready to store: `to` already normalized. */
    public record Row(String type, List<Long> to, String topic, String content, long timestamp) {}

    private static ObjectNode map(ResultSet rs) throws SQLException {
        ObjectNode d = Json.object().put("id", rs.getLong(1)).put("type", rs.getString(2));
        d.set("to", Json.parse(rs.getString(3)));
        return d.put("topic", rs.getString(4)).put("content", rs.getString(5)).put("timestamp", rs.getLong(6));
    }

    /** Most recently edited first, as GET /drafts documents. */
    public List<ObjectNode> all(Handle h, long userId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM drafts WHERE user_id = ? ORDER BY last_edit_time DESC, id DESC")
                .bind(0, userId).map((rs, ctx) -> map(rs)).list();
    }

    public Optional<ObjectNode> get(Handle h, long userId, long id) {
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
