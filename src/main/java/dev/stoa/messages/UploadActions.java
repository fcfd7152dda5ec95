package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import org.jdbi.v3.core.Handle;

/** Attachment rows and their events (the uploader's own attachment add / remove). */
public final class UploadActions {
    private final Db db;
    private final EventLog log;

    public UploadActions(Db db, EventLog log) {
        this.db = db;
        this.log = log;
    }

    /** Records an uploaded file (already stored as `storage`). */
    void doAdd(User me, String pathId, String fileName, long size, String type, long now, String storage) {
        db.write(tx -> {
            long id = tx.h().createUpdate("INSERT INTO attachments (path_id, file_name, owner_id, size, content_type, create_time, storage_name) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?)").bind(0, pathId).bind(1, fileName)
                    .bind(2, me.id()).bind(3, size).bind(4, type).bind(5, now).bind(6, storage)
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
            ObjectNode e = Json.object();
            e.set("attachment", attachments(tx.h(), me.id(), id).get(0));
            e.put("upload_space_used", spaceUsed(tx.h()));
            log.append(tx, new MessageEvent.Attachment("add", e), Recipients.users(me.id()));
            return id;
        });
    }

    /** Deletes the uploader's attachment; returns its storage name (the caller removes the file). */
    String doDelete(User me, long id) {
        return db.write(tx -> {
            Handle h = tx.h();
            String s = h.createQuery("SELECT storage_name FROM attachments WHERE id = ? AND owner_id = ?").bind(0, id).bind(1, me.id())
                    .mapTo(String.class).findOne().orElseThrow(() -> ApiError.bad("Invalid attachment"));
            h.execute("DELETE FROM attachment_messages WHERE attachment_id = ?", id);
            h.execute("DELETE FROM attachments WHERE id = ?", id);
            ObjectNode e = Json.object();
            e.set("attachment", Json.object().put("id", id));
            e.put("upload_space_used", spaceUsed(h));
            log.append(tx, new MessageEvent.Attachment("remove", e), Recipients.users(me.id()));
            return s;
        });
    }

    static long spaceUsed(Handle h) {
        return h.createQuery("SELECT COALESCE(SUM(size), 0) FROM attachments").mapTo(Long.class).one();
    }

    /** The seed's attachment objects: create_time in seconds, message_ids of referencing messages. */
    static ArrayNode attachments(Handle h, long owner, Long onlyId) {
        ArrayNode a = Json.array();
        h.createQuery("SELECT id, file_name, path_id, size, create_time FROM attachments WHERE owner_id = :o"
                        + (onlyId == null ? "" : " AND id = :id") + " ORDER BY id")
                .bind("o", owner).bind("id", onlyId == null ? -1 : onlyId)
                .map((rs, c) -> {
                    ObjectNode o = Json.object();
                    o.put("id", rs.getLong(1)).put("name", rs.getString(2)).put("path_id", rs.getString(3)).put("size", rs.getLong(4))
                            .put("create_time", rs.getLong(5));
                    return o;
                }).forEach(a::add);
        for (var n : a) {
            ArrayNode ids = ((ObjectNode) n).putArray("message_ids");
            h.createQuery("SELECT message_id FROM attachment_messages WHERE attachment_id = ? ORDER BY message_id")
                    .bind(0, n.get("id").asLong()).mapTo(Long.class).forEach(ids::add);
        }
        return a;
    }
}
