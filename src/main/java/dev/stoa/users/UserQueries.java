package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Handle;

/**
 * What the user and avatar views read (users and bots as the viewer may see them, the own user, an
 * avatar's address), each in a read transaction of its own. The views hold no database: reads go
 * through here, writes through the actions.
 */
public final class UserQueries {
    private final Db db;
    private final UserStore store;
    private final UserJson json;
    private final ProfileFieldStore profileData;
    private final UserAccess access;
    private final BotServiceStore services;
    private final Pattern dummyEmail;

    public UserQueries(Db db, UserStore store, UserJson json, ProfileFieldStore profileData, UserAccess access,
                       BotServiceStore services) {
        this.db = db;
        this.services = services;
        this.store = store;
        this.json = json;
        this.profileData = profileData;
        this.access = access;
        this.dummyEmail = Pattern.compile("user(\\d+)@" + Pattern.quote(json.realmHost()), Pattern.CASE_INSENSITIVE);
    }

    /** GET /users' answer: all users, or those of `ids` (null: all); the ones the viewer cannot see as inaccessible. */
    public ObjectNode list(User viewer, UserJson.Options o, List<Long> ids) {
        return db.read(h -> {
            List<User> users = ids == null ? store.all(h) : store.byIds(h, ids);
            if (ids != null) {
                Set<Long> found = new HashSet<>();
                for (User u : users) if (!u.isSystemBot()) found.add(u.id());
                for (long id : ids) if (!found.contains(id)) throw ApiError.bad("Invalid user ID: " + id);
            }
            Map<Long, ObjectNode> pd = o.includeProfileData() ? ProfileFieldJson.byUser(profileData.values(h)) : Map.of();
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

    /** GET /users/{user_id_or_email}'s answer. */
    public ObjectNode get(User viewer, UserJson.Options o, String key) {
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
            out.set("user", json.user(u, viewer, o, o.includeProfileData() ? ProfileFieldJson.byUser(profileData.valuesOf(h, List.of(u.id()))) : Map.of()));
            return out;
        });
    }

    private User findByApiEmail(Handle h, String email) {
        User u = store.byEmail(h, email).orElse(null);
        if (u != null && json.apiEmail(u).equalsIgnoreCase(email)) return u;
        for (User x : store.all(h)) if (json.apiEmail(x).equalsIgnoreCase(email)) return x;
        return null;
    }

    /** GET /users/me's answer. */
    public ObjectNode me(User me) {
        return db.read(h -> {
            ObjectNode out = Json.success();
            ObjectNode u = json.user(me, me, UserJson.Options.DEFAULT, null);
            u.remove("bot_type");
            u.remove("bot_owner_id");
            u.remove("is_imported_stub");
            out.setAll(u);
            out.put("max_message_id", store.maxReceivedMessageId(h, me.id()));
            if (!me.isBot()) out.set("profile_data", ProfileFieldJson.profileData(profileData.valuesOf(h, List.of(me.id())).getOrDefault(me.id(), Map.of())));
            return out;
        });
    }

    /** GET /bots' answer: the active bots `me` owns, or all of them for an administrator. */
    public ObjectNode bots(User me) {
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

    /** A user by id, whoever may see them (the caller checks access). */
    public Optional<User> byId(long id) {
        return db.read(h -> store.byId(h, id));
    }

    /** The avatar address GET /avatar/{email_or_id} redirects to, for a viewer (null: a spectator). */
    public String avatarUrl(User viewer, String key, Long id, boolean medium) {
        return db.read(h -> find(h, key, id)
                .map(u -> viewer != null && !access.canAccess(h, viewer, u) ? AvatarUrls.INACCESSIBLE : json.avatars().url(u, medium))
                // no such user: Zulip answers as for a new Gravatar of what was asked
                .orElseGet(() -> json.avatars().fallback(key, "unknown:" + key, medium, 1)));
    }

    /** By id; by the address the API shows for the user (the real one only where everyone may see it). */
    private Optional<User> find(Handle h, String key, Long id) {
        if (id != null) return store.byId(h, id);
        var dummy = dummyEmail.matcher(key.strip());
        if (dummy.matches()) return store.byId(h, Long.parseLong(dummy.group(1)));
        return store.byEmail(h, key.strip()).filter(u -> json.apiEmail(u).equalsIgnoreCase(key.strip()));
    }

}
