package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;

/** PATCH /streams/{stream_id}: parses what is asked; {@link ChannelUpdateActions#checkUpdate} checks and applies it. */
public final class ChannelUpdateViews {
    private final ChannelUpdateActions updates;

    public ChannelUpdateViews(ChannelUpdateActions updates) {
        this.updates = updates;
    }

    public Object update(Request req) {
        updates.checkUpdate(req.user(), parse(req));
        return Json.success();
    }

    private static ChannelUpdateActions.UpdateInput parse(Request req) {
        long id = req.pathLong("stream_id");
        String description = req.optStr("description").map(ChannelParams::description).orElse(null);
        String newName = req.optStr("new_name").map(ChannelParams::name).orElse(null);
        boolean retentionGiven = req.has("message_retention_days");
        Integer retention = ChannelParams.retention(req);
        boolean folderGiven = req.has("folder_id");
        Long folderId = folderGiven && !"null".equals(req.raw("folder_id")) ? req.optLong("folder_id").orElse(null) : null;
        String policy = req.optStr("topics_policy").map(ChannelParams::topicsPolicy).orElse(null);
        ObjectNode groups = Json.object();
        for (String s : GroupSettings.CHANNEL_SETTINGS) {
            JsonNode v = req.json(s);
            if (v == null) continue;
            if (!v.isObject() || !v.has("new")) throw CommonErrors.invalid(s);
            groups.set(s, v);
        }
        return new ChannelUpdateActions.UpdateInput(id, description, newName, req.optBool("is_private").orElse(null),
                req.optBool("is_web_public").orElse(null), req.optBool("history_public_to_subscribers").orElse(null),
                req.optBool("is_default_stream").orElse(null), retentionGiven, retention, req.optBool("is_archived").orElse(null),
                folderGiven, folderId, policy, groups);
    }
}
