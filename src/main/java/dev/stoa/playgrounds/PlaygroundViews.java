package dev.stoa.playgrounds;

import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;

/** POST /realm/playgrounds, DELETE /realm/playgrounds/{playground_id}; the admin check first, as Zulip's decorator. */
public final class PlaygroundViews {
    private final PlaygroundActions actions;

    public PlaygroundViews(PlaygroundActions actions) {
        this.actions = actions;
    }

    public Object add(Request req) {
        User me = req.user();
        UserRules.requireAdmin(me);
        String name = PlaygroundRules.checkName(Request.noNul("name", req.str("name")));
        String template = Request.noNul("url_template", req.str("url_template")).strip();
        String language = PlaygroundRules.checkPygmentsLanguage(req.str("pygments_language"));
        long id = actions.checkAdd(me, new PlaygroundActions.NewPlayground(name, language, template));
        return Json.success().put("id", id);
    }

    public Object remove(Request req) {
        User me = req.user();
        UserRules.requireAdmin(me);
        long id;
        try {
            id = Long.parseLong(req.pathParam("playground_id"));
        } catch (NumberFormatException e) {
            throw PlaygroundActions.invalid();
        }
        actions.checkRemove(me, id);
        return Json.success();
    }
}
