package dev.stoa.export;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;

/** A row of realm_exports: one requested export and where it stands. Times are UNIX milliseconds. */
public record RealmExport(long id, long actingUserId, int exportType, int status, long requestedMs, Long succeededMs,
                          Long failedMs, Long deletedMs, long heartbeatMs, String fileName, Long fileSize) {
    public static final int PUBLIC = 1;
    public static final int FULL_WITH_CONSENT = 2;

    public static final int PENDING = 0;
    public static final int SUCCEEDED = 1;
    public static final int FAILED = 2;
    public static final int DELETED = 3;

    /** Where the file is downloaded (admins only): {external_url}/exports/realm/{id}/{file_name}. */
    public String url(String externalUrl) {
        return externalUrl + "/exports/realm/" + id + "/" + fileName;
    }

    /** Zulip's RealmExport object (GET /export/realm, realm_export events). */
    public ObjectNode json(String externalUrl) {
        ObjectNode o = Json.object();
        o.put("id", id);
        o.put("acting_user_id", actingUserId);
        o.put("export_time", requestedMs / 1000.0);
        seconds(o, "deleted_timestamp", deletedMs);
        seconds(o, "failed_timestamp", failedMs);
        if (status == SUCCEEDED) o.put("export_url", url(externalUrl));
        else o.putNull("export_url");
        o.put("pending", status == PENDING);
        o.put("export_type", exportType);
        return o;
    }

    private static void seconds(ObjectNode o, String name, Long ms) {
        if (ms == null) o.putNull(name);
        else o.put(name, ms / 1000.0);
    }
}
