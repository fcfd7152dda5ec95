package dev.stoa.users;

import dev.stoa.identity.User;

import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.List;

/** GET/POST/PATCH/DELETE of users and bots, and PATCH /settings for name and timezone. */
public final class UserViews {

    private final UserQueries queries;
    private final UserActions actions;
    private final UserJson json;

    public UserViews(UserQueries queries, UserActions actions, UserJson json) {
        this.queries = queries;
        this.actions = actions;
        this.json = json;
    }

    /** The client's choice of avatar handling: client_public_avatar (seed) or Zulip's client_gravatar. */
    private static UserJson.Options options(Request req, boolean authenticated, boolean profileDefault) {
        boolean publicAvatar = req.has("client_public_avatar") ? req.bool("client_public_avatar", true) : req.bool("client_gravatar", true);
        // A spectator cannot see anyone's email, so it always gets avatar URLs.
        if (!authenticated) publicAvatar = false;
        return new UserJson.Options(publicAvatar, req.bool("include_custom_profile_fields", profileDefault));
    }

    public Object list(Request req) {
        User viewer = req.user();
        UserJson.Options o = options(req, viewer != null, false);
        List<Long> ids = req.longList("user_ids");
        return queries.list(viewer, o, ids);
    }

    public Object get(Request req) {
        User viewer = req.user();
        UserJson.Options o = options(req, true, false);
        String key = req.pathParam("user_id_or_email");
        return queries.get(viewer, o, key);
    }

    public Object me(Request req) {
        User me = req.user();
        return queries.me(me);
    }

    public Object create(Request req) {
        long id = actions.checkCreateUser(req.user(), req.str("email").strip(), req.str("password"), req.str("full_name"));
        return Json.success().put("user_id", id);
    }

    public Object update(Request req) {
        actions.checkUpdate(req.user(), new UserActions.UserUpdate(req.pathLong("user_id"), req.optStr("full_name").orElse(null),
                req.optLong("role").orElse(null), req.jsonArray("profile_data")));
        return Json.success();
    }

    /** Zulip's POST /users/me/api_key/regenerate: the old key stops working with this commit (its log entry drops it from ApiKeyCache on every node). */
    public Object regenerateApiKey(Request req) {
        User me = req.user();
        String key = actions.doRegenerateApiKey(me);
        return Json.success().put("api_key", key).put("email", json.apiEmail(me));
    }

    public Object deactivate(Request req) {
        actions.checkDeactivate(req.user(), req.pathLong("user_id"));
        return Json.success();
    }

    public Object deactivateMe(Request req) {
        actions.checkDeactivateSelf(req.user());
        return Json.success();
    }

    public Object reactivate(Request req) {
        actions.checkReactivate(req.user(), req.pathLong("user_id"));
        return Json.success();
    }

    public Object listBots(Request req) {
        User me = req.user();
        return queries.bots(me);
    }

    public Object createBot(Request req) {
        User bot = actions.checkCreateBot(req.user(), new UserActions.NewBot(req.str("full_name"), req.str("short_name"), req.integer("bot_type", 1)));
        return Json.success().put("user_id", bot.id()).put("api_key", bot.apiKey());
    }
}
