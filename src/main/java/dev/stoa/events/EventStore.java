package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Dialect;
import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/** The SQL of the events table, and nothing else: rows in, rows out, the id sequence. */
final class EventStore {
    private EventStore() {}

    /** hints: {@link Hints#write}, null when none. */
    static long insert(Handle h, long now, String type, String payload, String recipients, String hints) {
        return h.createUpdate("INSERT INTO events (created_at, type, payload, recipients, hints) VALUES (?, ?, ?, ?, ?)")
                .bind(0, now).bind(1, type).bind(2, payload).bind(3, recipients).bind(4, hints)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** The next id of the log's sequence, leaving no row (a gap in the table); the caller holds the append lock. */
    static long takeId(Handle h, long now, String type) {
        long id = insert(h, now, type, "{}", "{\"users\":[]}", null);
        h.execute("DELETE FROM events WHERE id = ?", id);
        return id;
    }

    /** Moves the id sequence so that the next id taken is {@code last + 1}. */
    static void moveSequenceTo(Handle h, Dialect dialect, long last) {
        if (dialect == Dialect.SQLITE) h.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'events'", last);
        else h.createQuery("SELECT setval(pg_get_serial_sequence('events', 'id'), ?)").bind(0, last).mapTo(Long.class).one();
    }

    /** Sends an ephemeral entry to the other nodes' tailers on commit (PostgreSQL). */
    static void notify(Handle h, String notice) {
        h.execute("SELECT pg_notify(?, ?)", Db.EVENTS_CHANNEL, notice);
    }

    static String currentSchema(Handle h) {
        return h.createQuery("SELECT current_schema()").mapTo(String.class).one();
    }

    static long head(Handle h) {
        return h.createQuery("SELECT COALESCE(MAX(id), 0) FROM events").mapTo(Long.class).one();
    }

    /** The newest id with no row kept below it: before the oldest row, and before any queue's acknowledged position. */
    static long prunedThrough(Handle h, long head) {
        Long min = h.createQuery("SELECT MIN(id) FROM events").mapTo(Long.class).findOne().orElse(null);
        Long minAcked = h.createQuery("SELECT MIN(acked_event_id) FROM event_queues").mapTo(Long.class).findOne().orElse(null);
        long pruned = min == null ? head : min - 1;
        // ids between a queue's acknowledged position and the oldest row may be gaps (heartbeat ids), not pruned entries
        return minAcked == null ? pruned : Math.min(pruned, minAcked);
    }

    static void deleteThrough(Handle h, long through) {
        h.execute("DELETE FROM events WHERE id <= ?", through);
    }

    static List<LoggedEvent> range(Handle h, long after, long upTo) {
        return h.createQuery("SELECT id, created_at, type, payload, recipients, hints FROM events WHERE id > ? AND id <= ? ORDER BY id")
                .bind(0, after).bind(1, upTo)
                .map(EventStore::stored)
                .list();
    }

    static List<LoggedEvent> range(Handle h, long after, long upTo, Collection<String> types) {
        return h.createQuery("SELECT id, created_at, type, payload, recipients, hints FROM events WHERE id > :after AND id <= :upTo "
                        + "AND type IN (<types>) ORDER BY id")
                .bind("after", after).bind("upTo", upTo).bindList("types", List.copyOf(types))
                .map(EventStore::stored)
                .list();
    }

    /** An events row, as both range reads select it; one appended before V91 has its hints in the payload. */
    private static LoggedEvent stored(ResultSet rs, StatementContext ctx) throws SQLException {
        ObjectNode payload = (ObjectNode) Json.parse(rs.getString(4));
        String hints = rs.getString(6);
        return new LoggedEvent(rs.getLong(1), rs.getLong(2), EventType.of(rs.getString(3)), payload, Recipients.fromJson(Json.parse(rs.getString(5))),
                true, hints == null ? Hints.takeLegacy(payload) : Hints.read(hints));
    }
}
