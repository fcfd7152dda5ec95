package dev.stoa.export;

import dev.stoa.http.FileResponse;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.users.UserRules;
import java.util.Map;

/**
 * POST/GET /export/realm, DELETE /export/realm/{export_id}, GET /export/realm/consents, and the
 * export file itself at /exports/realm/{export_id}/{file_name} (administrators, session or Basic).
 */
public final class ExportViews {
    private final ExportActions actions;

    public ExportViews(ExportActions actions) {
        this.actions = actions;
    }

    public Object create(Request req) {
        // As Zulip's @require_realm_admin: the role is checked before the parameters are read.
        UserRules.requireAdmin(req.user());
        long id = actions.checkCreate(req.user(), exportType(req.raw("export_type")));
        return Json.success().put("id", id);
    }

    /**
     * Zulip's integers (1 public, 2 with member consent; the default is public), and the names
     * feature level 449 replaced them with. "full_without_consent" needs Zulip Cloud's
     * owner_full_content_access, which Stoa does not have: `./stoa export` makes full exports.
     */
    static int exportType(String raw) {
        if (raw == null) return RealmExport.PUBLIC;
        String v = raw.strip();
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) v = v.substring(1, v.length() - 1);
        return switch (v) {
            case "1", "public" -> RealmExport.PUBLIC;
            case "2", "full_with_consent" -> RealmExport.FULL_WITH_CONSENT;
            default -> throw ExportErrors.invalidExportType();
        };
    }

    public Object list(Request req) {
        var out = Json.success();
        out.set("exports", actions.list(req.user()));
        return out;
    }

    public Object delete(Request req) {
        actions.checkDelete(req.user(), req.pathLong("export_id"));
        return Json.success();
    }

    public Object consents(Request req) {
        var out = Json.success();
        out.set("export_consents", actions.consents(req.user()));
        return out;
    }

    public Object download(Request req) {
        String name = req.pathParam("file_name");
        var file = actions.checkDownload(req.user(), req.pathLong("export_id"), name);
        return new FileResponse(file.length(), file.in(), "application/zip", Map.of(
                "Content-Disposition", "attachment; filename=\"" + name + "\"",
                "X-Content-Type-Options", "nosniff",
                "Cache-Control", "private, no-store"));
    }
}
