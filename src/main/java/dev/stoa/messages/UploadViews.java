package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * Uploads: POST /user_uploads, the file itself at /user_uploads/{path_id} (uploader, or anyone who
 * can read a message referencing it), GET /attachments, DELETE /attachments/{id}. Files live
 * under {data}/uploads with generated names; the client's file name only appears in path_id.
 */
public final class UploadViews {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private final Db db;
    private final UploadActions actions;
    private final MessageStore store;
    private final Access access;
    private final Path dir;
    private final long maxBytes;
    private final Clock clock;
    private final UploadTokens tokens;

    public UploadViews(Db db, UploadActions actions, MessageStore store, Access access, Path dataDir, long maxMib, Clock clock) {
        this.db = db;
        this.actions = actions;
        this.store = store;
        this.access = access;
        this.dir = dataDir.resolve("uploads");
        this.maxBytes = maxMib * 1024 * 1024;
        this.clock = clock;
        this.tokens = new UploadTokens(db, clock);
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

    public Object upload(Request req) throws IOException {
        User me = req.user();
        Map<String, Request.UploadedFile> files = req.files();
        if (files.isEmpty()) throw ApiError.bad("You must specify a file to upload");
        if (files.size() > 1) throw ApiError.bad("You may only upload one file at a time");
        Request.UploadedFile f = files.values().iterator().next();
        if (f.bytes().length > maxBytes) {
            throw ApiError.bad("File is larger than this server's configured maximum upload size (" + maxBytes / 1024 / 1024 + " MiB).");
        }
        String name = sanitize(f.fileName());
        String pathId = "1/" + HexFormat.of().formatHex(new byte[] {(byte) RANDOM.nextInt()}) + "/" + random(24) + "/" + name;
        String storage = random(32);
        Files.createDirectories(dir);
        Files.write(dir.resolve(storage), f.bytes());
        long now = clock.instant().getEpochSecond();
        String type = f.contentType() == null || f.contentType().isBlank() ? "application/octet-stream" : f.contentType();
        actions.doAdd(me, pathId, f.fileName() == null ? name : f.fileName().replace("\0", ""), f.bytes().length, type, now, storage);
        String url = "/user_uploads/" + pathId;
        return Json.success().put("uri", url).put("url", url).put("filename", name);
    }

    public Object list(Request req) {
        User me = req.user();
        return db.read(h -> {
            ObjectNode out = Json.success();
            out.set("attachments", UploadActions.attachments(h, me.id(), null));
            out.put("upload_space_used", UploadActions.spaceUsed(h));
            return out;
        });
    }

    public Object delete(Request req) {
        User me = req.user();
        long id = req.pathLong("attachment_id");
        String storage = actions.doDelete(me, id);
        try {
            Files.deleteIfExists(dir.resolve(storage));
        } catch (IOException e) {
            // the row is gone; an orphaned file is harmless and unreachable
        }
        return Json.success();
    }

    private record File(long id, long owner, String storage, String type, String name) {}

    private File file(String pathId) {
        return db.read(h -> h.createQuery("SELECT id, owner_id, storage_name, content_type, file_name FROM attachments WHERE path_id = ?")
                .bind(0, pathId).map((rs, c) -> new File(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5)))
                .findOne().orElse(null));
    }

    public Object serve(Request req) throws IOException {
        User me = req.user();
        String pathId = req.pathParam("realm_id_str") + "/" + req.pathParam("filename");
        boolean api = req.path().startsWith("/api/v1/") || req.path().startsWith("/json/");
        File f = file(pathId);
        if (f == null) throw notFound();
        boolean allowed = f.owner() == me.id() || db.read(h -> {
            List<Long> ids = h.createQuery("SELECT message_id FROM attachment_messages WHERE attachment_id = ?").bind(0, f.id()).mapTo(Long.class).list();
            if (ids.isEmpty()) return false;
            Access.View v = access.view(h, me);
            Map<Long, Long> flags = store.flags(h, me.id(), ids);
            for (Message m : store.byIds(h, ids)) if (Access.canRead(v, m, flags.get(m.id()))) return true;
            return false;
        });
        // Zulip's texts, in the JSON error shape every other answer has (issue 16).
        if (!allowed) throw ApiError.of(ErrorCode.BAD_REQUEST, 403, "You are not authorized to view this file.");
        if (api) return Json.success().put("url", "/user_uploads/temporary/" + tokens.issue(pathId) + "/" + pathId.substring(pathId.lastIndexOf('/') + 1));
        return contents(f);
    }

    public Object serveTemporary(Request req) throws IOException {
        File f = tokens.verify(req.pathParam("token")).map(this::file).orElse(null);
        // An expired, forged or dangling token is a 404, as in Zulip.
        if (f == null) throw notFound();
        return contents(f);
    }

    private RawResponse contents(File f) throws IOException {
        byte[] bytes = Files.readAllBytes(dir.resolve(f.storage()));
        boolean inline = f.type().startsWith("image/") && !f.type().contains("svg");
        return new RawResponse(200, inline ? f.type() : "application/octet-stream", bytes, Map.of(
                "Content-Disposition", (inline ? "inline" : "attachment") + "; filename=\"" + sanitize(f.name()) + "\"",
                "X-Content-Type-Options", "nosniff",
                "Content-Security-Policy", "default-src 'none'"));
    }

    private static ApiError notFound() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "File not found");
    }
}
