package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.http.Request.UploadedFile;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GET/POST/PATCH/DELETE of users and bots, and PATCH /settings for name and timezone. */
public final class UserViews {

    private final UserQueries queries;
    private final UserActions actions;
    private final UserJson json;
    private final BotActions botActions;

    public UserViews(UserQueries queries, UserActions actions, UserJson json, BotActions botActions) {
        this.queries = queries;
        this.botActions = botActions;
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
        User bot = actions.checkCreateBot(req.user(), new UserActions.NewBot(req.str("full_name"), req.str("short_name"), req.integer("bot_type", 1),
                botSetup(req)));
        return Json.success().put("user_id", bot.id()).put("api_key", bot.apiKey());
    }

    /** PATCH /bots/{bot_id}: the name (as PATCH /users), the outgoing webhook's URL and interface, the config data. */
    public Object patchBot(Request req) {
        long id = req.pathLong("bot_id");
        String fullName = req.raw("full_name");
        Role role = req.optLong("role").map(r -> Role.of(r.intValue()).orElseThrow(() -> ApiError.invalid("role"))).orElse(null);
        Long ownerId = req.optLong("bot_owner_id").orElse(null);
        JsonNode url = req.json("service_payload_url");
        if (url != null && !url.isTextual()) throw ApiError.bad("service_payload_url is not a string");
        String payloadUrl = url == null ? null : BotServices.checkUrl("service_payload_url", url.textValue());
        int iface = req.integer("service_interface", 1);
        Map<String, String> config = configData(req);
        AvatarImages.Resized avatar = avatar(req);
        BotActions.checkAccess(req.user(), queries.byId(id).orElse(null));
        botActions.checkPatch(req.user(), id, new BotActions.BotPatch(fullName, role, ownerId, payloadUrl, iface, config, avatar));
        User now = queries.byId(id).orElseThrow();
        ObjectNode out = Json.success().put("full_name", now.fullName()).put("avatar_url", json.avatarUrl(now, false));
        out.put("service_interface", iface);
        if (payloadUrl == null) out.putNull("service_payload_url"); else out.put("service_payload_url", payloadUrl);
        if (config == null) out.putNull("config_data"); else config.forEach(out.putObject("config_data")::put);
        out.putNull("default_sending_stream").putNull("default_events_register_stream").put("default_all_public_streams", false);
        if (now.botOwnerId() != null) queries.byId(now.botOwnerId()).ifPresent(o -> out.put("bot_owner", o.deliveryEmail()));
        return out;
    }

    /** The one file a PATCH /bots/{id} may carry, cut to Zulip's sizes before the transaction. */
    private static AvatarImages.Resized avatar(Request req) {
        if (req.files().isEmpty()) return null;
        if (req.files().size() > 1) throw ApiError.bad("You may only upload one file at a time");
        UploadedFile file = req.files().values().iterator().next();
        if (file.bytes().length > AvatarImages.MAX_FILE_SIZE_MIB * 1024L * 1024L) {
            throw ApiError.bad("Uploaded file is larger than the allowed limit of " + AvatarImages.MAX_FILE_SIZE_MIB + " MiB");
        }
        return AvatarImages.resize(file.fileName(), file.bytes());
    }

    private static Map<String, String> configData(Request req) {
        JsonNode c = req.jsonObject("config_data");
        if (c == null) return null;
        Map<String, String> config = new LinkedHashMap<>();
        for (var e : c.properties()) {
            if (!e.getValue().isTextual()) throw ApiError.bad("config_data[\"" + e.getKey() + "\"] is not a string");
            config.put(e.getKey(), e.getValue().textValue());
        }
        return config;
    }

    /** POST /bots' service parameters, as Zulip's add_bot_backend reads them (payload_url and config_data are JSON). */
    private static BotServices.Setup botSetup(Request req) {
        JsonNode url = req.json("payload_url");
        if (url != null && !url.isTextual()) throw ApiError.bad("payload_url is not a string");
        String payloadUrl = url == null || url.textValue().isEmpty() ? "" : BotServices.checkUrl("payload_url", url.textValue());
        Map<String, String> config = configData(req);
        return new BotServices.Setup(req.raw("service_name"), payloadUrl, req.integer("interface_type", 1), config == null ? Map.of() : config);
    }
}
