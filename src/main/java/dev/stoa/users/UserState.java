package dev.stoa.users;

import dev.stoa.identity.User;
import dev.stoa.identity.Role;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.groups.GroupResolver;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import dev.stoa.realm.Realm;
import dev.stoa.realm.RealmHolder;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** register's user state: realm_users, the caller's own fields, realm_bots. */
public final class UserState implements StateContributor {
    private final UserCache cache;
    private final UserJson json;
    private final RealmHolder realm;
    private final GroupResolver resolver;
    private final UserAccess access;

    private final BotServiceStore services;

    public UserState(UserCache cache, UserJson json, RealmHolder realm, GroupResolver resolver, UserAccess access, BotServiceStore services) {
        this.services = services;
        this.access = access;
        this.cache = cache;
        this.json = json;
        this.realm = realm;
        this.resolver = resolver;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm_user", "realm_bot"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        User me = ctx.viewer();
        var o = new UserJson.Options(ctx.options().clientPublicAvatar(), true);
        // realm_users and realm_non_active_users are written from the cache's serialized dicts, not rebuilt
        UserCache.Utf8 active = new UserCache.Utf8(1 << 16).add(OPEN), inactive = new UserCache.Utf8(256).add(OPEN);
        ArrayNode bots = Json.array(), crossRealm = Json.array();
        Predicate<User> visible = access.visibleTo(ctx.h(), me);
        boolean incomplete = ctx.options().can("user_list_incomplete");
        Map<Long, List<BotServiceStore.Service>> botServices = ctx.fetches("realm_bot") ? services.all(ctx.h()) : Map.of();
        for (UserCache.Entry e : cache.users(ctx.h())) {
            User u = e.user();
            if (u.isSystemBot()) {
                crossRealm.add(systemBot(u, me, o));
                continue;
            }
            if (!visible.test(u)) {
                // Zulip lists a user the guest may not see as "Unknown user", or not at all for capable clients.
                if (!incomplete) comma(active).add(Json.bytes(json.inaccessible(u.id())));
                continue;
            }
            e.write(comma(u.isActive() ? active : inactive), me, o.clientPublicAvatar());
            boolean ownsOrAdmin = me != null && (me.isAdmin() || (u.botOwnerId() != null && u.botOwnerId() == me.id()));
            if (u.isBot() && ownsOrAdmin) {
                bots.add(BotJson.bot(u, json, BotServices.dicts(ctx.h(), services, u, botServices.getOrDefault(u.id(), List.of()))));
            }
        }
        state.set("realm_users", Json.raw(active.add(CLOSE).toArray()));
        state.set("realm_non_active_users", Json.raw(inactive.add(CLOSE).toArray()));
        state.set("cross_realm_bots", crossRealm);
        if (ctx.fetches("realm_bot")) state.set("realm_bots", bots);
        if (me != null) self(ctx, me, state);
    }

    private static final byte[] OPEN = {'['}, CLOSE = {']'}, COMMA = {','};

    private static UserCache.Utf8 comma(UserCache.Utf8 array) {
        return array.size() > 1 ? array.add(COMMA) : array;
    }

    private ObjectNode systemBot(User u, User me, UserJson.Options o) {
        ObjectNode b = json.user(u, me, o, null);
        b.remove("is_imported_stub");
        b.put("is_system_bot", true);
        return b;
    }

    private void self(Context ctx, User me, ObjectNode state) {
        state.put("user_id", me.id());
        state.put("email", json.apiEmail(me));
        state.put("delivery_email", me.deliveryEmail());
        state.put("full_name", me.fullName());
        state.put("is_admin", me.isAdmin());
        state.put("is_owner", me.isOwner());
        state.put("is_moderator", me.role() == Role.MODERATOR.code);
        state.put("is_guest", me.isGuest());
        state.put("avatar_source", me.avatarSource());
        state.put("avatar_url", json.avatars().url(me, false));
        state.put("avatar_url_medium", json.avatars().url(me, true));
        Realm r = realm.get();
        boolean pub = can(ctx, me, r, "can_create_public_channel_group");
        boolean priv = can(ctx, me, r, "can_create_private_channel_group");
        state.put("can_create_streams", pub || priv);
        state.put("can_create_public_streams", pub);
        state.put("can_create_private_streams", priv);
        state.put("can_create_web_public_streams", can(ctx, me, r, "can_create_web_public_channel_group"));
        state.put("can_subscribe_other_users", can(ctx, me, r, "can_add_subscribers_group"));
        state.put("can_invite_others_to_realm", can(ctx, me, r, "can_invite_users_group"));
    }

    private boolean can(Context ctx, User me, Realm r, String setting) {
        return resolver.isMember(ctx.h(), me.id(), r.get(setting));
    }
}
