package dev.stoa.presence;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** SQL for presence rows and the realm's presence sequence. */
public final class PresenceStore {
    private static final String COLUMNS = "user_id, last_connected_time, last_active_time, last_update_id";

    private static PresenceRow map(ResultSet rs) throws SQLException {
        long active = rs.getLong(3);
        return new PresenceRow(rs.getLong(1), rs.getLong(2), rs.wasNull() ? null : active, rs.getLong(4));
    }

    public Optional<PresenceRow> get(Handle h, long userId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM presence WHERE user_id = ?").bind(0, userId).map((rs, c) -> map(rs)).findOne();
    }

    /** Rows changed after a client's last_update_id, or connected since a time. */
    public List<PresenceRow> since(Handle h, long lastUpdateId, long connectedSince) {
        return h.createQuery("SELECT " + COLUMNS + " FROM presence WHERE last_update_id > ? AND last_connected_time >= ? ORDER BY user_id")
                .bind(0, lastUpdateId).bind(1, connectedSince).map((rs, c) -> map(rs)).list();
    }

    /** Users whose clients reported presence at or after a time. */
    public Set<Long> connectedSince(Handle h, long since) {
        return new HashSet<>(h.createQuery("SELECT user_id FROM presence WHERE last_connected_time >= ?").bind(0, since).mapTo(Long.class).list());
    }

    public long maxUpdateId(Handle h) {
        return h.createQuery("SELECT last_update_id FROM presence_sequence WHERE id = 1").mapTo(Long.class).one();
    }

    /** Takes the next update id (a row lock on PostgreSQL, the single writer on SQLite). */
    public long nextUpdateId(Handle h) {
        h.execute("UPDATE presence_sequence SET last_update_id = last_update_id + 1 WHERE id = 1");
        return maxUpdateId(h);
    }

    public void put(Handle h, PresenceRow r) {
        h.execute("INSERT INTO presence (" + COLUMNS + ") VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                        + "last_connected_time = excluded.last_connected_time, last_active_time = excluded.last_active_time, "
                        + "last_update_id = excluded.last_update_id",
                r.userId(), r.lastConnected(), r.lastActive(), r.lastUpdateId());
    }
}
