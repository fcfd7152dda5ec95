package dev.stoa.queues;

import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jdbi.v3.core.Handle;

/** The event_queues table: one row per queue, so queues survive a crash and every node sees them. */
final class QueueStore {
    private static final String SELECT = "SELECT queue_id, user_id, created_at, last_activity, idle_timeout_secs,"
            + " start_event_id, acked_event_id, spec FROM event_queues";

    List<EventQueue> all(Handle h) {
        return h.createQuery(SELECT).map((rs, ctx) -> row(rs)).list();
    }

    Optional<EventQueue> byId(Handle h, String queueId) {
        return h.createQuery(SELECT + " WHERE queue_id = ?").bind(0, queueId).map((rs, ctx) -> row(rs)).findOne();
    }

    void insert(Handle h, EventQueue q) {
        h.createUpdate("INSERT INTO event_queues (queue_id, user_id, created_at, last_activity, idle_timeout_secs, start_event_id,"
                        + " acked_event_id, spec) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(0, q.id).bind(1, q.userId).bind(2, q.createdAt).bind(3, q.lastActivity).bind(4, q.idleTimeoutSecs)
                .bind(5, q.startEventId).bind(6, q.acked).bind(7, Json.write(q.spec)).execute();
    }

    void delete(Handle h, String queueId) {
        h.execute("DELETE FROM event_queues WHERE queue_id = ?", queueId);
    }

    /** Writes each queue's in-memory activity and acknowledgement to its row. */
    void flushActivity(Handle h, List<EventQueue> queues) {
        if (queues.isEmpty()) return;
        var upd = h.prepareBatch("UPDATE event_queues SET last_activity = ?, acked_event_id = ? WHERE queue_id = ?");
        for (EventQueue q : queues) upd.bind(0, q.lastActivity).bind(1, q.acked).bind(2, q.id).add();
        upd.execute();
    }

    void deleteIdle(Handle h, long now) {
        h.execute("DELETE FROM event_queues WHERE ? - last_activity > idle_timeout_secs", now);
    }

    /** Every remaining queue id with its acknowledged event id. */
    Map<String, Long> acked(Handle h) {
        return h.createQuery("SELECT queue_id, acked_event_id FROM event_queues")
                .map((rs, ctx) -> Map.entry(rs.getString(1), rs.getLong(2))).list().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static EventQueue row(ResultSet rs) throws SQLException {
        long uid = rs.getLong(2);
        Long userId = rs.wasNull() ? null : uid;
        QueueSpec spec = Json.MAPPER.convertValue(Json.parse(rs.getString(8)), QueueSpec.class);
        return new EventQueue(rs.getString(1), userId, spec, rs.getLong(6), rs.getLong(5),
                rs.getLong(3), rs.getLong(4), rs.getLong(7));
    }
}
