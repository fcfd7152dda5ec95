package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.storage.FileStore;
import dev.stoa.storage.StorageException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * Uploads: storing a file and its attachment row, listing, deleting, who may fetch a file, and
 * the links between messages and the uploads their content references (with the uploader's
 * attachment events). Files live in the FileStore under uploads/ with generated names (the data
 * directory's uploads folder, or a bucket every node shares); the client's file name only appears
 * in path_id. A file is written before its row commits and deleted after its row is gone, so a
 * committed row (and a backup's snapshot of it) never names a file that is not there yet.
 */
public final class UploadActions {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private final Db db;
    private final EventLog log;
    private final UploadStore uploads;
    private final MessageStore messages;
    private final Access access;
    private final FileStore files;
    private final long maxBytes;
    private final Clock clock;
    private final UploadTokens tokens;

    /** The organization's settings: upload_quota_mib (null: no quota). */
    private final RealmHolder realm;

    /**
     * What one person may upload in an hour: 20 files of the largest size (500 MiB at the default
     * 25 MiB). Issue 30: 25 MiB uploads let one member write ~2.2 GB a minute and slow everyone.
     */
    static final long HOURLY_FILES_OF_MAX_SIZE = 20;

    public UploadActions(Db db, EventLog log, UploadStore uploads, MessageStore messages, Access access, FileStore files, long maxMib, Clock clock,
                         RealmHolder realm) {
        this.db = db;
        this.realm = realm;
        this.log = log;
        this.uploads = uploads;
        this.messages = messages;
        this.access = access;
        this.files = files;
        this.maxBytes = maxMib * 1024 * 1024;
        this.clock = clock;
        byte[] fresh = new byte[32];
        RANDOM.nextBytes(fresh);
        String key = db.write(tx -> uploads.urlKey(tx.h(), HexFormat.of().formatHex(fresh)));
        this.tokens = new UploadTokens(HexFormat.of().parseHex(key), clock);
    }

    /** POST /user_uploads, parsed: the one file's name as sent (may be null), its content type and bytes. */
    public record UploadInput(String fileName, String contentType, byte[] bytes) {}

    /** Where the upload lives (/user_uploads/{path_id}) and its sanitized name. */
    public record Uploaded(String url, String fileName) {}

    /** The owner's uploads and the realm's total upload size. */
    public record Listing(List<UploadStore.Attachment> attachments, long spaceUsed) {}

    /** A file to answer with. */
    public record Contents(byte[] bytes, String contentType, String fileName) {}

    public Uploaded checkUpload(User me, UploadInput in) {
        if (in.bytes().length > maxBytes) {
            throw MessageErrors.fileTooLarge(maxBytes / 1024 / 1024);
        }
        String name = sanitize(in.fileName());
        String pathId = "1/" + HexFormat.of().formatHex(new byte[] {(byte) RANDOM.nextInt()}) + "/" + random(24) + "/" + name;
        String storage = random(32);
        String type = UploadTypes.decide(in.contentType(), in.fileName());
        long now = clock.instant().getEpochSecond();
        db.read(h -> checkLimits(h, me, in.bytes().length, now)); // before any byte is stored
        files.put(key(storage), in.bytes(), type);
        String fileName = in.fileName() == null ? name : in.fileName().replace("\0", "");
        try {
            db.write(tx -> {
                checkLimits(tx.h(), me, in.bytes().length, now); // again where it counts: concurrent uploads
                long id = uploads.insert(tx.h(), pathId, fileName, me.id(), in.bytes().length, type, now, storage);
                appendEvent(tx, me.id(), "add", json(uploads.ofOwner(tx.h(), me.id(), id).getFirst()));
                return id;
            });
        } catch (RuntimeException e) {
            files.delete(key(storage)); // no row names it: nothing may keep it
            throw e;
        }
        return new Uploaded("/user_uploads/" + pathId, name);
    }

    /**
     * The organization's quota (Zulip's check_upload_within_quota, its error and text) and the
     * uploader's hourly bytes (refused as any rate limit, 429 with retry-after).
     */
    private Void checkLimits(Handle h, User me, long size, long now) {
        JsonNode quota = realm.get().get("upload_quota_mib");
        if (quota != null && quota.isIntegralNumber() && uploads.spaceUsed(h) + size > quota.asLong() * 1024 * 1024) {
            throw MessageErrors.uploadQuotaExceeded();
        }
        UploadStore.Recent recent = uploads.uploadedSince(h, me.id(), now - 3600);
        if (recent.bytes() + size > HOURLY_FILES_OF_MAX_SIZE * maxBytes) {
            long retry = Math.max(1, recent.oldest() + 3600 - now);
            throw CommonErrors.apiUsageExceededRateLimit().with("retry-after", retry);
        }
        return null;
    }

    public Listing list(User me) {
        return db.read(h -> new Listing(uploads.ofOwner(h, me.id(), null), uploads.spaceUsed(h)));
    }

    /** Deletes the caller's upload: its row (and links) with the event, then the file. */
    public void checkDelete(User me, long id) {
        String storage = db.write(tx -> {
            Handle h = tx.h();
            String s = uploads.ownedStorageName(h, id, me.id()).orElseThrow(() -> MessageErrors.invalidAttachment());
            uploads.delete(h, id);
            appendEvent(tx, me.id(), "remove", Json.object().put("id", id));
            return s;
        });
        try {
            files.delete(key(storage));
        } catch (StorageException e) {
            // the row is gone; an orphaned file is harmless and unreachable
        }
    }

    /** A URL that serves the file without credentials for a minute (the API's answer for /user_uploads/{path_id}). */
    public String checkTemporaryUrl(User me, String pathId) {
        checkAccess(me, pathId);
        return "/user_uploads/temporary/" + tokens.issue(pathId) + "/" + pathId.substring(pathId.lastIndexOf('/') + 1);
    }

    /** The file itself, for its uploader or anyone who can read a message referencing it. */
    public Contents checkContents(User me, String pathId) {
        return contents(checkAccess(me, pathId));
    }

    /** The file a valid, unexpired temporary URL token names; an expired, forged or dangling token is a 404, as in Zulip. */
    public Contents contentsForToken(String token) {
        UploadStore.StoredFile f = tokens.verify(token).flatMap(p -> db.read(h -> uploads.byPathId(h, p))).orElseThrow(UploadActions::notFound);
        return contents(f);
    }

    private UploadStore.StoredFile checkAccess(User me, String pathId) {
        return db.read(h -> {
            UploadStore.StoredFile f = uploads.byPathId(h, pathId).orElseThrow(UploadActions::notFound);
            if (f.ownerId() == me.id() || readsAReferencingMessage(h, me, f.id())) return f;
            // Zulip's text, in the JSON error shape every other answer has (issue 16).
            throw MessageErrors.notAuthorizedToViewFile();
        });
    }

    private boolean readsAReferencingMessage(Handle h, User me, long attachmentId) {
        List<Long> ids = uploads.messageIds(h, attachmentId);
        if (ids.isEmpty()) return false;
        Access.View v = access.view(h, me);
        Map<Long, Long> flags = messages.flags(h, me.id(), ids);
        for (Message m : messages.byIds(h, ids)) if (Access.canRead(v, m, flags.get(m.id()))) return true;
        return false;
    }

    private Contents contents(UploadStore.StoredFile f) {
        byte[] bytes = files.read(key(f.storageName())).orElseThrow(UploadActions::notFound);
        return new Contents(bytes, f.contentType(), f.fileName());
    }

    /** The file store's key of an upload: the same layout as the data directory's uploads folder. */
    public static String key(String storageName) {
        return "uploads/" + storageName;
    }

    private static ApiError notFound() {
        return MessageErrors.fileNotFound();
    }

    // ---- the uploads a message references (inside the send's or edit's transaction) ----

    /** Links the sender's uploads that a new message's content references; whether it references any. */
    boolean doClaim(Tx tx, long messageId, long senderId, List<String> pathIds) {
        return claim(tx, messageId, senderId, pathIds, List.of());
    }

    /**
     * Links the sender's uploads among pathIds to the message. Each one it did not reference before
     * is claimed: its uploader (the sender) gets an attachment update naming the message, before the
     * message's own event, as Zulip's do_claim_attachments sends it.
     */
    private boolean claim(Tx tx, long messageId, long senderId, List<String> pathIds, Collection<Long> linkedBefore) {
        if (pathIds == null || pathIds.isEmpty()) return false;
        Handle h = tx.h();
        List<Long> ids = uploads.ownedIds(h, senderId, pathIds);
        uploads.link(h, messageId, ids);
        for (long a : ids) {
            if (!linkedBefore.contains(a)) appendEvent(tx, senderId, "update", json(uploads.ofOwner(h, senderId, a).getFirst()));
        }
        return !ids.isEmpty();
    }

    /** After a content edit: the message's links follow its new content. */
    public record Relinked(boolean hasUploads, ArrayNode detached) {}

    /**
     * Relinks an edited message's uploads to its new content; detached are the editor's uploads that
     * the edit left referenced by no message (Zulip's detached_uploads).
     */
    Relinked doRelink(Tx tx, Message m, List<String> pathIds, long editorId) {
        Handle h = tx.h();
        List<Long> before = uploads.unlinkAll(h, m.id());
        claim(tx, m.id(), m.senderId(), pathIds, before);
        ArrayNode detached = Json.array();
        for (long a : before) {
            for (UploadStore.Attachment x : uploads.ofOwner(h, editorId, a)) if (x.messageIds().isEmpty()) detached.add(json(x));
        }
        return new Relinked(!uploads.linkedTo(h, m.id()).isEmpty(), detached);
    }

    private void appendEvent(Tx tx, long ownerId, String op, ObjectNode attachment) {
        ObjectNode e = Json.object();
        e.set("attachment", attachment);
        e.put("upload_space_used", uploads.spaceUsed(tx.h()));
        log.append(tx, new MessageEvent.Attachment(op, e), Recipients.users(ownerId));
    }

    /** The seed's attachment object: create_time in seconds, message_ids of the referencing messages. */
    public static ObjectNode json(UploadStore.Attachment a) {
        ObjectNode o = Json.object();
        o.put("id", a.id()).put("name", a.name()).put("path_id", a.pathId()).put("size", a.size()).put("create_time", a.createTime());
        o.set("message_ids", Json.tree(a.messageIds()));
        return o;
    }

    static String sanitize(String name) {
        String base = name == null ? "" : name.replace('\\', '/');
        base = base.substring(base.lastIndexOf('/') + 1).strip();
        StringBuilder b = new StringBuilder();
        base.codePoints().forEach(cp -> b.appendCodePoint(Character.isLetterOrDigit(cp) || cp == '.' || cp == '-' || cp == '_' ? cp : '-'));
        String s = b.toString().replaceAll("^\\.+", "");
        return s.isEmpty() ? "uploaded-file" : s;
    }

    private static String random(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) b.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        return b.toString();
    }
}
