package dev.stoa.channels;

import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.util.List;

/**
 * Realm-wide channel configuration by administrators: channel folders (create, list, update) and
 * default channels (GET/POST/DELETE /default_streams).
 */
public final class FolderViews {
    // The administrator check runs first here, before parsing, as Zulip's require_realm_admin does;
    // the actions check again.
    static final int MAX_FOLDER_NAME_LENGTH = 60;
    static final int MAX_FOLDER_DESCRIPTION_LENGTH = 1024;

    private final ChannelQueries queries;
    private final FolderActions actions;
    private final ChannelUpdateActions updates;

    public FolderViews(ChannelQueries queries, FolderActions actions, ChannelUpdateActions updates) {
        this.queries = queries;
        this.actions = actions;
        this.updates = updates;
    }

    static String folderName(String raw) {
        String n = raw.strip();
        if (n.isEmpty()) throw ChannelErrors.channelFolderNameCantBeEmpty();
        if (n.codePointCount(0, n.length()) > MAX_FOLDER_NAME_LENGTH) {
            throw ChannelErrors.folderNameTooLong(MAX_FOLDER_NAME_LENGTH);
        }
        for (int cp : n.codePoints().toArray()) {
            if (Character.getType(cp) == Character.CONTROL) throw ChannelErrors.invalidCharacterInChannelFolderName();
        }
        return n;
    }

    static String folderDescription(String raw) {
        if (raw.codePointCount(0, raw.length()) > MAX_FOLDER_DESCRIPTION_LENGTH) {
            throw ChannelErrors.descriptionTooLong(MAX_FOLDER_DESCRIPTION_LENGTH);
        }
        return ChannelParams.description(raw);
    }

    public Object create(Request req) {
        User me = req.user();
        UserRules.requireAdmin(me);
        String name = folderName(req.str("name"));
        String description = folderDescription(req.str("description", ""));
        return Json.success().put("channel_folder_id", actions.checkCreate(me, name, description));
    }

    public Object list(Request req) {
        boolean archived = req.bool("include_archived", false);
        return queries.folders(archived);
    }

    public Object update(Request req) {
        User me = req.user();
        UserRules.requireAdmin(me);
        long id = req.pathLong("channel_folder_id");
        String name = req.optStr("name").map(FolderViews::folderName).orElse(null);
        String description = req.optStr("description").map(FolderViews::folderDescription).orElse(null);
        Boolean archived = req.optBool("is_archived").orElse(null);
        actions.checkUpdate(me, id, name, description, archived);
        return Json.success();
    }

    public Object reorder(Request req) {
        UserRules.requireAdmin(req.user());
        List<Long> order = req.longList("order");
        if (order == null) throw ApiError.missing("order");
        actions.checkReorder(req.user(), order);
        return Json.success();
    }

    public Object defaults(Request req) {
        User me = req.user();
        return queries.defaultStreams(me);
    }

    public Object addDefault(Request req) {
        UserRules.requireAdmin(req.user());
        updates.checkSetDefault(req.user(), req.lng("stream_id"), true);
        return Json.success();
    }

    public Object removeDefault(Request req) {
        UserRules.requireAdmin(req.user());
        updates.checkSetDefault(req.user(), req.lng("stream_id"), false);
        return Json.success();
    }
}
