package dev.stoa.userstatus;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.queues.ZulipNames;
import dev.stoa.users.UserRules;

/** POST /users/me/status and GET /users/{user_id}/status. */
public final class UserStatusViews {
    static final int MAX_STATUS_TEXT = 60;

    private final UserStatusQueries queries;
    private final UserStatusActions actions;

    public UserStatusViews(UserStatusQueries queries, UserStatusActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object update(Request req) {
        User me = UserRules.humanOnly(req.user());
        Boolean away = req.optBool("away").orElse(null);
        String text = req.optStr("status_text").map(UserStatusViews::statusText).orElse(null);
        String name = req.optStr("emoji_name").orElse(null);
        String code = req.optStr("emoji_code").orElse(null);
        String type = req.optStr("reaction_type").orElse(null);
        if (away == null && text == null && name == null) throw UserStatusErrors.noNewValues();
        if (name == null && (nonEmpty(code) || nonEmpty(type))) {
            throw UserStatusErrors.emojiNameRequired();
        }
        actions.checkUpdate(me, new UserStatusActions.StatusInput(away, text, name, code, type), req.clientName());
        return Json.success();
    }

    /** Zulip strips the text, then allows 60 characters. */
    private static String statusText(String raw) {
        String t = Request.noNul("status_text", raw.strip());
        if (t.codePointCount(0, t.length()) > MAX_STATUS_TEXT) {
            throw UserStatusErrors.statusTextTooLong(MAX_STATUS_TEXT);
        }
        return t;
    }

    private static boolean nonEmpty(String s) {
        return s != null && !s.isEmpty();
    }

    /** As Zulip's access_user_by_id for reading: bots are "No such user". */
    public Object get(Request req) {
        User me = req.user();
        long id = req.pathLong("user_id");
        ObjectNode status = queries.status(me, id, ZulipNames.wanted(req.clientName()));
        ObjectNode out = Json.success();
        out.set("status", status);
        return out;
    }
}
