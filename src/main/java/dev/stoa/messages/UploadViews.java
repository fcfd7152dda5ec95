package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import java.util.HashMap;
import java.util.Map;

/**
 * Uploads: POST /user_uploads, the file itself at /user_uploads/{path_id} (uploader, or anyone who
 * can read a message referencing it) or a temporary URL for it under /api/v1, the temporary URL,
 * GET /attachments, DELETE /attachments/{id}.
 */
public final class UploadViews {
    private final UploadActions actions;

    public UploadViews(UploadActions actions) {
        this.actions = actions;
    }

    public Object upload(Request req) {
        Map<String, Request.UploadedFile> files = req.files();
        if (files.isEmpty()) throw MessageErrors.noFileToUpload();
        if (files.size() > 1) throw MessageErrors.onlyOneFileAtATime();
        Request.UploadedFile f = files.values().iterator().next();
        var up = actions.checkUpload(req.user(), new UploadActions.UploadInput(f.fileName(), f.contentType(), f.bytes()));
        return Json.success().put("uri", up.url()).put("url", up.url()).put("filename", up.fileName());
    }

    public Object list(Request req) {
        UploadActions.Listing l = actions.list(req.user());
        ObjectNode out = Json.success();
        ArrayNode a = out.putArray("attachments");
        l.attachments().forEach(x -> a.add(UploadActions.json(x)));
        out.put("upload_space_used", l.spaceUsed());
        return out;
    }

    public Object delete(Request req) {
        actions.checkDelete(req.user(), req.pathLong("attachment_id"));
        return Json.success();
    }

    public Object serve(Request req) {
        String pathId = req.pathParam("realm_id_str") + "/" + req.pathParam("filename");
        boolean api = req.path().startsWith("/api/v1/") || req.path().startsWith("/json/");
        if (api) return Json.success().put("url", actions.checkTemporaryUrl(req.user(), pathId));
        return raw(actions.checkContents(req.user(), pathId));
    }

    public Object serveTemporary(Request req) {
        return raw(actions.contentsForToken(req.pathParam("token")));
    }

    /** Served as the server decided (UploadTypes): allow-listed types inline, all else a download; never sniffed, always sandboxed. */
    private static RawResponse raw(UploadActions.Contents f) {
        boolean inline = UploadTypes.inline(f.contentType());
        Map<String, String> headers = new HashMap<>(UploadTypes.HEADERS);
        headers.put("Content-Disposition", (inline ? "inline" : "attachment") + "; filename=\"" + UploadActions.sanitize(f.fileName()) + "\"");
        return new RawResponse(200, inline ? f.contentType() : UploadTypes.OCTET_STREAM, f.bytes(), Map.copyOf(headers));
    }
}
