package dev.stoa.messages;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for uploads: attachments, the messages that reference them (attachment_messages), and the key of temporary upload URLs. */
public final class UploadStore {
    /** An upload as its owner lists it: create_time in seconds, the ids of the messages that reference it. */
    public record Attachment(long id, String name, String pathId, long size, long createTime, List<Long> messageIds) {}

    /** What serving the file needs. */
    public record StoredFile(long id, long ownerId, String storageName, String contentType, String fileName) {}

    public long insert(Handle h, String pathId, String fileName, long ownerId, long size, String contentType, long createTime, String storage) {
        return h.createUpdate("INSERT INTO attachments (path_id, file_name, owner_id, size, content_type, create_time, storage_name) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)").bind(0, pathId).bind(1, fileName)
                .bind(2, ownerId).bind(3, size).bind(4, contentType).bind(5, createTime).bind(6, storage)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** The owner's uploads (onlyId: just that one), oldest first. */
    public List<Attachment> ofOwner(Handle h, long ownerId, Long onlyId) {
        record Row(long id, String name, String pathId, long size, long createTime) {}
        List<Row> rows = h.createQuery("SELECT id, file_name, path_id, size, create_time FROM attachments WHERE owner_id = :o"
                        + (onlyId == null ? "" : " AND id = :id") + " ORDER BY id")
                .bind("o", ownerId).bind("id", onlyId == null ? -1 : onlyId)
                .map((rs, c) -> new Row(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getLong(4), rs.getLong(5))).list();
        List<Attachment> out = new ArrayList<>();
        for (Row r : rows) out.add(new Attachment(r.id(), r.name(), r.pathId(), r.size(), r.createTime(), messageIds(h, r.id())));
        return out;
    }

    public List<Long> messageIds(Handle h, long attachmentId) {
        return h.createQuery("SELECT message_id FROM attachment_messages WHERE attachment_id = ? ORDER BY message_id")
                .bind(0, attachmentId).mapTo(Long.class).list();
    }

    /** The realm's total upload size in bytes (Zulip's upload_space_used). */
    public long spaceUsed(Handle h) {
        return h.createQuery("SELECT COALESCE(SUM(size), 0) FROM attachments").mapTo(Long.class).one();
    }

    /** The bytes an owner uploaded since a time (epoch seconds), and the oldest such upload's time (0 when none). */
    public record Recent(long bytes, long oldest) {}

    public Recent uploadedSince(Handle h, long ownerId, long since) {
        return h.createQuery("SELECT COALESCE(SUM(size), 0), COALESCE(MIN(create_time), 0) FROM attachments WHERE owner_id = ? AND create_time > ?")
                .bind(0, ownerId).bind(1, since).map((rs, ctx) -> new Recent(rs.getLong(1), rs.getLong(2))).one();
    }

    public Optional<StoredFile> byPathId(Handle h, String pathId) {
        return h.createQuery("SELECT id, owner_id, storage_name, content_type, file_name FROM attachments WHERE path_id = ?")
                .bind(0, pathId).map((rs, c) -> new StoredFile(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5)))
                .findOne();
    }

    /** The storage name of the owner's upload id, if it is theirs. */
    public Optional<String> ownedStorageName(Handle h, long id, long ownerId) {
        return h.createQuery("SELECT storage_name FROM attachments WHERE id = ? AND owner_id = ?").bind(0, id).bind(1, ownerId)
                .mapTo(String.class).findOne();
    }

    public void delete(Handle h, long id) {
        h.execute("DELETE FROM attachment_messages WHERE attachment_id = ?", id);
        h.execute("DELETE FROM attachments WHERE id = ?", id);
    }

    // ---- the uploads a message references ----

    /** The ids of the owner's uploads among these path ids (others' path ids are not the owner's to link, as in Zulip). */
    public List<Long> ownedIds(Handle h, long ownerId, Collection<String> pathIds) {
        LinkedHashSet<Long> ids = new LinkedHashSet<>();
        for (String p : pathIds) {
            h.createQuery("SELECT id FROM attachments WHERE path_id = ? AND owner_id = ?").bind(0, p).bind(1, ownerId)
                    .mapTo(Long.class).findOne().ifPresent(ids::add);
        }
        return List.copyOf(ids);
    }

    public void link(Handle h, long messageId, Collection<Long> attachmentIds) {
        for (long a : attachmentIds) {
            h.execute("INSERT INTO attachment_messages (attachment_id, message_id) VALUES (?, ?) ON CONFLICT DO NOTHING", a, messageId);
        }
    }

    /** Unlinks every upload of the message; returns the ids it referenced. */
    public List<Long> unlinkAll(Handle h, long messageId) {
        List<Long> before = h.createQuery("SELECT attachment_id FROM attachment_messages WHERE message_id = ?").bind(0, messageId)
                .mapTo(Long.class).list();
        h.execute("DELETE FROM attachment_messages WHERE message_id = ?", messageId);
        return before;
    }

    /** The ids of the uploads a message references. */
    public List<Long> linkedTo(Handle h, long messageId) {
        return h.createQuery("SELECT attachment_id FROM attachment_messages WHERE message_id = ? ORDER BY attachment_id").bind(0, messageId)
                .mapTo(Long.class).list();
    }

    /** The key that signs temporary upload URLs: the stored one, or `fresh` when none is stored yet (every node shares it). */
    public String urlKey(Handle h, String fresh) {
        h.execute("INSERT INTO server_secrets (name, value) VALUES ('upload_url_key', ?) ON CONFLICT DO NOTHING", fresh);
        return h.createQuery("SELECT value FROM server_secrets WHERE name = 'upload_url_key'").mapTo(String.class).one();
    }
}
