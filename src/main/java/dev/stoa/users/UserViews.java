package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.identity.User;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** GET/POST/PATCH/DELETE of users and bots, and PATCH /settings for name and timezone. */
public final class UserViews {

    private final Db db;
    private final UserStore store;
    private final UserActions actions;
    private final UserJson json;
    private final ProfileFieldStore profileData;
    private final UserAccess access;
    private final BotServiceStore services;
    private final BotActions botActions;

    public UserViews(Db db, UserStore store, UserActions actions, UserJson json, ProfileFieldStore profileData,
                     UserAccess access, BotServiceStore services, BotActions botActions) {
        this.services = services;
        this.botActions = botActions;
        this.access = access;
        this.db = db;
        this.store = store;
        this.actions = actions;
        this.json = json;
        this.profileData = profileData;
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
        return db.read(h -> {
            List<User> users = ids == null ? store.all(h) : store.byIds(h, ids);
            if (ids != null) {
                Set<Long> found = new HashSet<>();
                for (User u : users) if (!u.isSystemBot()) found.add(u.id());
                for (long id : ids) if (!found.contains(id)) throw ApiError.bad("Invalid user ID: " + id);
            }
            Map<Long, ObjectNode> pd = o.includeProfileData() ? profileData.values(h) : Map.of();
            Predicate<User> visible = access.visibleTo(h, viewer);
            ArrayNode members = Json.array();
            for (User u : users) {
                if (u.isSystemBot()) continue;
                members.add(visible.test(u) ? json.user(u, viewer, o, pd) : json.inaccessible(u.id()));
            }
            ObjectNode out = Json.success();
            out.set("members", members);
            return out;
        });
    }

    public Object get(Request req) {
        User viewer = req.user();
        UserJson.Options o = options(req, true, false);
        String key = req.pathParam("user_id_or_email");
        return db.read(h -> {
            User u;
            if (!key.isEmpty() && key.chars().allMatch(Character::isDigit)) {
                // Too many digits for an id: no such user (never a number format failure).
                u = key.length() > 18 ? null : store.byId(h, Long.parseLong(key)).orElse(null);
            } else {
                u = findByApiEmail(h, key);
            }
            if (u == null || u.isSystemBot()) throw ApiError.bad("No such user");
            if (!access.canAccess(h, viewer, u)) throw ApiError.bad("Insufficient permission");
            ObjectNode out = Json.success();
            out.set("user", json.user(u, viewer, o, o.includeProfileData() ? profileData.valuesOf(h, List.of(u.id())) : Map.of()));
            return out;
        });
    }

    private User findByApiEmail(org.jdbi.v3.core.Handle h, String email) {
        User u = store.byEmail(h, email).orElse(null);
        if (u != null && json.apiEmail(u).equalsIgnoreCase(email)) return u;
        for (User x : store.all(h)) if (json.apiEmail(x).equalsIgnoreCase(email)) return x;
        return null;
    }

    public Object me(Request req) {
        User me = req.user();
        return db.read(h -> {
            ObjectNode out = Json.success();
            ObjectNode u = json.user(me, me, UserJson.Options.DEFAULT, null);
            u.remove("bot_type");
            u.remove("bot_owner_id");
            u.remove("is_imported_stub");
            out.setAll(u);
            out.put("max_message_id", store.maxReceivedMessageId(h, me.id()));
            if (!me.isBot()) out.set("profile_data", profileData.valuesOf(h, List.of(me.id())).getOrDefault(me.id(), Json.object()));
            return out;
        });
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
        return db.read(h -> {
            ArrayNode bots = Json.array();
            for (User u : store.all(h)) {
                boolean visible = me.isAdmin() || (u.botOwnerId() != null && u.botOwnerId() == me.id());
                if (u.isBot() && !u.isSystemBot() && u.isActive() && visible) {
                    bots.add(BotJson.bot(u, json, BotServices.dicts(h, services, u, services.forBot(h, u.id()))));
                }
            }
            ObjectNode out = Json.success();
            out.set("bots", bots);
            return out;
        });
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
        JsonNode url = req.json("service_payload_url");
        if (url != null && !url.isTextual()) throw ApiError.bad("service_payload_url is not a string");
        String payloadUrl = url == null ? null : BotServices.checkUrl("service_payload_url", url.textValue());
        int iface = req.integer("service_interface", 1);
        Map<String, String> config = configData(req);
        User bot = BotActions.checkAccess(req.user(), db.read(h -> store.byId(h, id).orElse(null)));
        if (fullName != null) actions.checkUpdate(req.user(), new UserActions.UserUpdate(id, fullName, null, null));
        botActions.checkPatch(req.user(), id, new BotActions.BotPatch(payloadUrl, iface, config));
        User now = db.read(h -> store.byId(h, id).orElseThrow());
        ObjectNode out = Json.success().put("full_name", now.fullName()).put("avatar_url", json.avatarUrl(now, false));
        out.put("service_interface", iface);
        if (payloadUrl == null) out.putNull("service_payload_url"); else out.put("service_payload_url", payloadUrl);
        if (config == null) out.putNull("config_data"); else config.forEach(out.putObject("config_data")::put);
        out.putNull("default_sending_stream").putNull("default_events_register_stream").put("default_all_public_streams", false);
        if (bot.botOwnerId() != null) db.read(h -> store.byId(h, bot.botOwnerId())).ifPresent(o -> out.put("bot_owner", o.deliveryEmail()));
        return out;
    }

    private static Map<String, String> configData(Request req) {
        JsonNode c = req.jsonObject("config_data");
        if (c == null) return null;
        Map<String, String> config = new java.util.LinkedHashMap<>();
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
