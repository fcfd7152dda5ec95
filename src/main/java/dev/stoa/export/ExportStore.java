package dev.stoa.export;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for realm_exports, the organization's requested data exports. */
public final class ExportStore {
    private static final String COLUMNS = "id, acting_user_id, export_type, status, requested_ms, succeeded_ms, failed_ms, deleted_ms,"
            + " heartbeat_ms, file_name, file_size";

    private static RealmExport map(ResultSet rs) throws SQLException {
        return new RealmExport(rs.getLong(1), rs.getLong(2), rs.getInt(3), rs.getInt(4), rs.getLong(5), optLong(rs, 6),
                optLong(rs, 7), optLong(rs, 8), rs.getLong(9), rs.getString(10), optLong(rs, 11));
    }

    private static Long optLong(ResultSet rs, int i) throws SQLException {
        long v = rs.getLong(i);
        return rs.wasNull() ? null : v;
    }

    public List<RealmExport> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM realm_exports ORDER BY id").map((rs, c) -> map(rs)).list();
    }

    public Optional<RealmExport> byId(Handle h, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM realm_exports WHERE id = ?").bind(0, id).map((rs, c) -> map(rs)).findOne();
    }

    public long insert(Handle h, long actingUserId, int exportType, long nowMs) {
        return h.createUpdate("INSERT INTO realm_exports (acting_user_id, export_type, status, requested_ms, heartbeat_ms) VALUES (?, ?, ?, ?, ?)")
                .bind(0, actingUserId).bind(1, exportType).bind(2, RealmExport.PENDING).bind(3, nowMs).bind(4, nowMs)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** Exports requested since `sinceMs` (Zulip allows five a week, whatever became of them). */
    public long requestedSince(Handle h, long sinceMs) {
        return h.createQuery("SELECT COUNT(*) FROM realm_exports WHERE requested_ms >= ?").bind(0, sinceMs).mapTo(Long.class).one();
    }

    /** Marks a pending export done; false when it is no longer pending. */
    public boolean succeed(Handle h, long id, long nowMs, String fileName, long fileSize) {
        return h.createUpdate("UPDATE realm_exports SET status = ?, succeeded_ms = ?, file_name = ?, file_size = ? WHERE id = ? AND status = ?")
                .bind(0, RealmExport.SUCCEEDED).bind(1, nowMs).bind(2, fileName).bind(3, fileSize).bind(4, id).bind(5, RealmExport.PENDING)
                .execute() == 1;
    }

    /** Marks a pending export failed; false when it is no longer pending. */
    public boolean fail(Handle h, long id, long nowMs) {
        return h.createUpdate("UPDATE realm_exports SET status = ?, failed_ms = ? WHERE id = ? AND status = ?")
                .bind(0, RealmExport.FAILED).bind(1, nowMs).bind(2, id).bind(3, RealmExport.PENDING).execute() == 1;
    }

    public void markDeleted(Handle h, long id, long nowMs) {
        h.createUpdate("UPDATE realm_exports SET status = ?, deleted_ms = ? WHERE id = ?")
                .bind(0, RealmExport.DELETED).bind(1, nowMs).bind(2, id).execute();
    }

    /** The running node says these exports are still being worked on. */
    public void heartbeat(Handle h, Collection<Long> ids, long nowMs) {
        if (ids.isEmpty()) return;
        h.createUpdate("UPDATE realm_exports SET heartbeat_ms = :now WHERE status = :pending AND id IN (<ids>)")
                .bind("now", nowMs).bind("pending", RealmExport.PENDING).bindList("ids", List.copyOf(ids)).execute();
    }

    /** Pending exports nobody has worked on since `beforeMs`: their process ended (crash, restart). */
    public List<Long> stalePending(Handle h, long beforeMs) {
        return h.createQuery("SELECT id FROM realm_exports WHERE status = ? AND heartbeat_ms < ? ORDER BY id")
                .bind(0, RealmExport.PENDING).bind(1, beforeMs).mapTo(Long.class).list();
    }
}
