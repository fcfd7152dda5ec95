package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** GET/POST/DELETE /users/me/subscriptions. Property changes are in {@link SubscriptionPropertyViews}. */
public final class SubscriptionViews {
    private final Db db;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final ChannelAccess access;
    private final ChannelJson json;
    private final ChannelActions actions;
    private final ChannelCreateRules creation;
    private final UserStore users;
    private final UserJson userJson;

    public SubscriptionViews(Db db, ChannelStore channels, SubscriptionStore subs, ChannelAccess access, ChannelJson json,
                             ChannelActions actions, ChannelCreateRules creation, UserStore users, UserJson userJson) {
        this.db = db;
        this.channels = channels;
        this.subs = subs;
        this.access = access;
        this.json = json;
        this.actions = actions;
        this.creation = creation;
        this.users = users;
        this.userJson = userJson;
    }

    static String includeSubscribers(Request req) {
        String v = req.str("include_subscribers", "false");
        if (!Set.of("true", "false", "partial").contains(v)) throw ApiError.invalid("include_subscribers");
        return v;
    }

    public Object list(Request req) {
        User me = req.user();
        String mode = includeSubscribers(req);
        return db.read(h -> {
            Map<Long, List<Long>> subscribers = "false".equals(mode) ? Map.of() : subs.allSubscribers(h);
            ArrayNode out = Json.array();
            Map<Long, Channel> byId = channels.allById(h);
            for (Subscription s : subs.ofUser(h, me.id())) {
                if (!s.active()) continue;
                Channel c = byId.get(s.channelId());
                ObjectNode o = json.subscription(c, s);
                if (!"false".equals(mode)) ChannelJson.putSubscribers(o, subscribers.getOrDefault(c.id(), List.of()), mode, null);
                out.add(o);
            }
            ObjectNode r = Json.success();
            r.set("subscriptions", out);
            return r;
        });
    }

    /** Resolves principals (user ids or API emails) to active users; default: the caller. */
    List<User> principals(Handle h, Request req, User me) {
        JsonNode p = req.jsonArray("principals");
        if (p == null) return List.of(me);
        Map<Long, User> out = new LinkedHashMap<>();
        for (JsonNode e : p) {
            User u;
            if (e.isIntegralNumber()) u = users.byId(h, e.longValue()).orElse(null);
            else if (e.isTextual()) u = byApiEmail(h, e.textValue());
            else throw ApiError.bad("principals is not a list of integers or strings");
            if (u == null || !u.isActive() || u.isSystemBot()) throw ApiError.bad("No such user");
            out.put(u.id(), u);
        }
        return List.copyOf(out.values());
    }

    private User byApiEmail(Handle h, String email) {
        for (User u : users.all(h)) if (userJson.apiEmail(u).equalsIgnoreCase(email) || u.deliveryEmail().equalsIgnoreCase(email)) return u;
        return null;
    }

    public Object subscribe(Request req) {
        User me = req.user();
        JsonNode list = req.jsonArray("subscriptions");
        if (list == null) throw ApiError.missing("subscriptions");
        boolean fatal = req.bool("authorization_errors_fatal", true);
        boolean announce = req.bool("announce", false);
        Map<String, String> wanted = new LinkedHashMap<>(); // name → description
        for (JsonNode s : list) {
            if (!s.isObject() || !s.path("name").isTextual()) throw ApiError.bad("subscriptions[" + wanted.size() + "] is not a dict");
            wanted.putIfAbsent(ChannelParams.name(s.get("name").textValue()),
                    ChannelParams.description(s.path("description").asText("")));
        }
        ChannelActions.NewChannel template = creation.spec(req, me, "", "");
        List<ChannelActions.NewChannel> create = new ArrayList<>();
        List<Long> existing = new ArrayList<>();
        List<String> unauthorized = new ArrayList<>();
        List<User> targets = db.read(h -> {
            List<User> principals = principals(h, req, me);
            boolean others = principals.stream().anyMatch(u -> u.id() != me.id());
            for (var e : wanted.entrySet()) {
                Channel c = channels.byName(h, e.getKey()).orElse(null);
                if (c == null) {
                    creation.checkCanCreate(h, me, template.inviteOnly(), template.isWebPublic());
                    if (others && !access.inRealmGroup(h, me, "can_add_subscribers_group")) throw ApiError.bad("Insufficient permission");
                    create.add(named(template, e.getKey(), e.getValue()));
                    continue;
                }
                boolean sub = subs.isSubscribed(h, me.id(), c.id());
                // Zulip's order, the same for self and others: content access first (an administrator
                // outside a private channel has none), then, for others, the right to add subscribers.
                boolean ok = !c.isArchived() && (sub || access.canSubscribeSelf(h, me, c));
                if (ok && others && !access.canAddSubscribers(h, me, c, sub)) throw ApiError.bad("Insufficient permission");
                if (!ok) {
                    if (fatal) throw ApiError.bad("Unable to access channel (" + c.name() + ").");
                    unauthorized.add(c.name());
                    continue;
                }
                existing.add(c.id());
            }
            return principals;
        });
        List<Long> ids = targets.stream().map(User::id).toList();
        var r = actions.doSubscribe(me, create, existing, ids);
        if (announce) creation.announce(me, r.created());
        ObjectNode out = Json.success();
        ObjectNode subscribed = out.putObject("subscribed"), already = out.putObject("already_subscribed");
        for (long u : ids) {
            if (r.subscribed().containsKey(u)) subscribed.set(String.valueOf(u), Json.tree(r.subscribed().get(u)));
            if (r.already().containsKey(u)) already.set(String.valueOf(u), Json.tree(r.already().get(u)));
        }
        if (!fatal) out.set("unauthorized", Json.tree(unauthorized));
        return out;
    }

    private static ChannelActions.NewChannel named(ChannelActions.NewChannel t, String name, String description) {
        return new ChannelActions.NewChannel(name, description, t.inviteOnly(), t.isWebPublic(), t.historyPublic(), t.retention(),
                t.folderId(), t.topicsPolicy(), t.settings(), t.isDefault());
    }

    public Object unsubscribe(Request req) {
        User me = req.user();
        List<String> names = req.stringList("subscriptions");
        if (names == null) throw ApiError.missing("subscriptions");
        List<Channel> targets = new ArrayList<>();
        List<User> principals = db.read(h -> {
            List<User> ps = principals(h, req, me);
            for (String n : new LinkedHashSet<>(names)) {
                Channel c = channels.byName(h, n.strip()).orElse(null);
                boolean sub = c != null && subs.isSubscribed(h, me.id(), c.id());
                if (c == null || !access.canSeeMetadata(h, me, c, sub)) {
                    throw ApiError.of(ErrorCode.STREAM_DOES_NOT_EXIST, "Channel '" + n + "' does not exist").with("stream", n);
                }
                for (User p : ps) {
                    if (p.id() != me.id() && !access.canRemoveSubscriber(h, me, c, sub, p)) throw ApiError.bad("Insufficient permission");
                }
                targets.add(c);
            }
            return ps;
        });
        var r = actions.doUnsubscribe(targets, principals.stream().map(User::id).toList());
        Set<String> removed = new LinkedHashSet<>(), notRemoved = new LinkedHashSet<>();
        r.subscribed().values().forEach(removed::addAll);
        r.already().values().forEach(notRemoved::addAll);
        ObjectNode out = Json.success();
        out.set("removed", Json.tree(List.copyOf(removed)));
        out.set("not_removed", Json.tree(List.copyOf(notRemoved)));
        return out;
    }
}
