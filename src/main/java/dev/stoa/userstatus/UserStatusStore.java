package dev.stoa.userstatus;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for user statuses: one row per user who ever set one. */
public final class UserStatusStore {
    /** A stored status; empty strings where nothing is set. */
    public record Row(long userId, String statusText, String emojiName, String emojiCode, String reactionType) {
        static Row empty(long userId) {
            return new Row(userId, "", "", "", StatusEmoji.UNICODE);
        }
    }

    private static final String COLUMNS = "user_id, status_text, emoji_name, emoji_code, reaction_type";

    private static Row map(ResultSet rs) throws SQLException {
        return new Row(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5));
    }

    public Optional<Row> get(Handle h, long userId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM user_status WHERE user_id = ?")
                .bind(0, userId).map((rs, ctx) -> map(rs)).findOne();
    }

    public List<Row> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM user_status ORDER BY user_id").map((rs, ctx) -> map(rs)).list();
    }

    public void save(Handle h, Row r, String client, long now) {
        h.createUpdate("INSERT INTO user_status (" + COLUMNS + ", client, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (user_id) DO UPDATE SET status_text = excluded.status_text, emoji_name = excluded.emoji_name, "
                        + "emoji_code = excluded.emoji_code, reaction_type = excluded.reaction_type, client = excluded.client, "
                        + "updated_at = excluded.updated_at")
                .bind(0, r.userId()).bind(1, r.statusText()).bind(2, r.emojiName()).bind(3, r.emojiCode()).bind(4, r.reactionType())
                .bind(5, client).bind(6, now).execute();
    }
}
