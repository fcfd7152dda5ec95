package dev.stoa.users;

import dev.stoa.identity.User;
import dev.stoa.identity.Role;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.realm.Realm;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/** GET/POST/PATCH/DELETE of users and bots, and PATCH /settings for name and timezone. */
public final class UserViews {

    private final Db db;
    private final UserStore store;
    private final UserActions actions;
    private final UserJson json;
    private final ProfileData profileData;
    private final ProfileFieldActions profileActions;
    private final dev.stoa.realm.RealmHolder realm;
    private final UserAccess access;

    public UserViews(Db db, UserStore store, UserActions actions, UserJson json, ProfileData profileData,
                     ProfileFieldActions profileActions, dev.stoa.realm.RealmHolder realm, UserAccess access) {
        this.access = access;
        this.profileActions = profileActions;
        this.realm = realm;
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
        return new UserJson.Options(publicAvatar, req.bool("include_custom_profile_fields", profileDefault), false);
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
            Map<Long, ObjectNode> pd = o.includeProfileData() ? profileData.all(h) : Map.of();
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
            out.set("user", json.user(u, viewer, o, o.includeProfileData() ? profileData.all(h) : Map.of()));
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
            out.put("max_message_id", maxMessageId(h, me.id()));
            if (!me.isBot()) out.set("profile_data", profileData.all(h).getOrDefault(me.id(), Json.object()));
            return out;
        });
    }

    /** The newest message the user has received (the messages feature's user_message rows), or -1. */
    private static long maxMessageId(org.jdbi.v3.core.Handle h, long userId) {
        return h.createQuery("SELECT MAX(message_id) FROM user_message WHERE user_id = ?").bind(0, userId)
                .mapTo(Long.class).findOne().orElse(-1L);
    }

    public Object create(Request req) {
        User me = req.user();
        UserRules.requireAdmin(me);
        String email = req.str("email").strip();
        String password = req.str("password");
        String fullName = UserRules.checkFullName(req.str("full_name"));
        if (!UserRules.isEmail(email)) throw ApiError.bad("Invalid address.");
        if (password.isEmpty()) throw ApiError.bad("The password is too weak.");
        long id = actions.doCreateUser(new UserActions.NewUser(email, password, fullName, Role.MEMBER, null, null, false)).id();
        return Json.success().put("user_id", id);
    }

    private User target(long id) {
        User u = db.read(h -> store.byId(h, id).orElse(null));
        if (u == null || u.isSystemBot()) throw ApiError.bad("No such user");
        return u;
    }

    public Object update(Request req) {
        User me = req.user();
        User u = target(req.pathLong("user_id"));
        boolean canEdit = me.isAdmin() || (u.isBot() && u.botOwnerId() != null && u.botOwnerId() == me.id());
        if (!canEdit) UserRules.requireAdmin(me);
        String fullName = req.optStr("full_name").map(UserRules::checkFullName).orElse(null);
        Role role = req.optLong("role").map(r -> Role.of(r.intValue()).orElseThrow(() -> ApiError.invalid("role"))).orElse(null);
        var profile = req.jsonArray("profile_data");
        if (role != null) {
            UserRules.requireAdmin(me);
            if ((role == Role.OWNER || u.isOwner()) && !me.isOwner()) UserRules.requireOwner(me);
        }
        if (profile != null) {
            UserRules.requireAdmin(me);
            if (u.isBot()) throw ApiError.bad("No such user");
            profileData.validateUpdates(u, profile);
        }
        if (fullName != null && !fullName.equals(u.fullName())) actions.doChangeFullName(u, fullName);
        if (role != null) actions.doChangeRole(u, role);
        if (profile != null) profileActions.doUpdateUserData(u, profile);
        return Json.success();
    }

    /** Zulip's POST /users/me/api_key/regenerate: the old key stops working with this commit (keys are looked up per request). */
    public Object regenerateApiKey(Request req) {
        User me = req.user();
        String key = actions.doRegenerateApiKey(me);
        return Json.success().put("api_key", key).put("email", json.apiEmail(me));
    }

    public Object deactivate(Request req) {
        User me = req.user();
        User u = target(req.pathLong("user_id"));
        boolean owns = u.isBot() && u.botOwnerId() != null && u.botOwnerId() == me.id();
        if (!owns) UserRules.requireAdmin(me);
        if (u.isOwner() && !me.isOwner()) UserRules.requireOwner(me);
        if (!u.isActive()) throw ApiError.bad("User is deactivated");
        if (u.isOwner() && lastOwner(u)) {
            throw ApiError.bad("Cannot deactivate the only organization owner");
        }
        actions.doDeactivate(u);
        return Json.success();
    }

    private boolean lastOwner(User u) {
        return db.read(h -> h.createQuery("SELECT COUNT(*) FROM users WHERE role = 100 AND is_active AND NOT is_bot AND id <> ?")
                .bind(0, u.id()).mapTo(Long.class).one()) == 0;
    }

    public Object deactivateMe(Request req) {
        User me = req.user();
        if (me.isOwner() && lastOwner(me)) {
            throw ApiError.of(ErrorCode.CANNOT_DEACTIVATE_LAST_USER, "Cannot deactivate the only organization owner")
                    .with("entity", "organization owner").with("is_last_owner", true);
        }
        if (!me.isBot() && onlyUser(me)) {
            throw ApiError.of(ErrorCode.CANNOT_DEACTIVATE_LAST_USER, "Cannot deactivate the only user")
                    .with("entity", "user").with("is_last_owner", false);
        }
        actions.doDeactivate(me);
        return Json.success();
    }

    private boolean onlyUser(User me) {
        return db.read(h -> h.createQuery("SELECT COUNT(*) FROM users WHERE is_active AND NOT is_bot AND id <> ?")
                .bind(0, me.id()).mapTo(Long.class).one()) == 0;
    }

    /** PATCH /settings: the full name and time zone (other settings belong to the settings feature). */
    public Object reactivate(Request req) {
        User me = req.user();
        UserRules.requireAdmin(me);
        User u = target(req.pathLong("user_id"));
        if (u.isActive()) throw ApiError.bad("User is already active");
        actions.doReactivate(u);
        return Json.success();
    }

    public Object listBots(Request req) {
        User me = req.user();
        return db.read(h -> {
            ArrayNode bots = Json.array();
            for (User u : store.all(h)) {
                boolean visible = me.isAdmin() || (u.botOwnerId() != null && u.botOwnerId() == me.id());
                if (u.isBot() && !u.isSystemBot() && u.isActive() && visible) bots.add(BotJson.bot(u, json));
            }
            ObjectNode out = Json.success();
            out.set("bots", bots);
            return out;
        });
    }

    private static final Set<Integer> BOT_TYPES = Set.of(1, 2, 3, 4);

    public Object createBot(Request req) {
        User me = req.user();
        if (me.isBot()) throw ApiError.bad("This endpoint does not accept bot requests.");
        if (me.isGuest()) throw ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Not allowed for guest users");
        String fullName = UserRules.checkFullName(req.str("full_name"));
        String shortName = req.str("short_name").strip().toLowerCase(java.util.Locale.ROOT);
        int botType = req.integer("bot_type", 1);
        if (!BOT_TYPES.contains(botType)) throw ApiError.invalid("bot_type");
        if (shortName.isEmpty() || !shortName.matches("[a-z0-9._-]+")) throw ApiError.bad("Bad name or username");
        String email = shortName + "-bot@" + json.realmHost();
        db.read(h -> {
            long sameName = h.createQuery("SELECT COUNT(*) FROM users WHERE is_active AND full_name = ?").bind(0, fullName)
                    .mapTo(Long.class).one();
            if (sameName > 0) throw ApiError.bad("Name is already in use!");
            if (store.byEmail(h, email).isPresent()) throw ApiError.bad("Username already in use");
            return null;
        });
        User bot = actions.doCreateUser(new UserActions.NewUser(email, null, fullName, Role.MEMBER, botType, me.id(), false));
        return Json.success().put("user_id", bot.id()).put("api_key", bot.apiKey());
    }
}
