package dev.stoa.channels;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reading channels: GET /streams, /streams/{id}, /get_stream_id, members, subscription status, topics. */
public final class ChannelReadViews {
    private final Db db;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final ChannelAccess access;
    private final ChannelJson json;
    private final UserStore users;
    private final ChannelEmail email;

    public ChannelReadViews(Db db, ChannelStore channels, SubscriptionStore subs, ChannelAccess access, ChannelJson json, UserStore users,
                            ChannelEmail email) {
        this.email = email;
        this.db = db;
        this.channels = channels;
        this.subs = subs;
        this.access = access;
        this.json = json;
        this.users = users;
    }

    public Object list(Request req) {
        User me = req.user();
        boolean pub = req.bool("include_public", true), webPublic = req.bool("include_web_public", false);
        boolean subscribed = req.bool("include_subscribed", true), excludeArchived = req.bool("exclude_archived", true);
        boolean allActive = req.bool("include_all_active", false), all = req.bool("include_all", false) || allActive;
        boolean defaults = req.bool("include_default", false), ownerSubscribed = req.bool("include_owner_subscribed", false);
        boolean contentAccess = req.bool("include_can_access_content", false);
        if (allActive && !me.isAdmin()) throw ApiError.bad("User not authorized for this query");
        return db.read(h -> {
            Set<Long> mine = activeIds(subs.ofUser(h, me.id()));
            Set<Long> ownerSubs = ownerSubscribed && me.isBot() && me.botOwnerId() != null
                    ? activeIds(subs.ofUser(h, me.botOwnerId())) : Set.of();
            Set<Long> defaultIds = new HashSet<>(channels.defaultChannelIds(h));
            Map<Long, Integer> counts = subs.counts(h);
            ArrayNode out = Json.array();
            for (Channel c : channels.all(h)) {
                if (excludeArchived && c.isArchived()) continue;
                boolean sub = mine.contains(c.id());
                if (!access.canSeeMetadata(h, me, c, sub)) continue;
                boolean include = all
                        || (pub && !c.inviteOnly() && !me.isGuest())
                        || (webPublic && c.isWebPublic())
                        || (subscribed && sub)
                        || (defaults && defaultIds.contains(c.id()))
                        || ownerSubs.contains(c.id())
                        || (contentAccess && access.canAccessContent(h, me, c, sub));
                if (!include) continue;
                ObjectNode s = json.stream(c, counts.getOrDefault(c.id(), 0));
                if (defaults) s.put("is_default", defaultIds.contains(c.id()));
                out.add(s);
            }
            ObjectNode r = Json.success();
            r.set("streams", out);
            return r;
        });
    }

    static Set<Long> activeIds(List<Subscription> list) {
        Set<Long> out = new HashSet<>();
        for (Subscription s : list) if (s.active()) out.add(s.channelId());
        return out;
    }

    public Object one(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        return db.read(h -> {
            ObjectNode r = Json.success();
            r.set("stream", json.stream(access.visible(h, me, id), subs.count(h, id)));
            return r;
        });
    }

    public Object idByName(Request req) {
        User me = req.user();
        String name = req.str("stream");
        return db.read(h -> {
            Channel c = channels.byName(h, name.strip()).orElse(null);
            if (c == null || !access.canSeeMetadata(h, me, c, subs.isSubscribed(h, me.id(), c.id()))) {
                throw ApiError.bad("Invalid channel name '" + name + "'");
            }
            return Json.success().put("stream_id", c.id());
        });
    }

    public Object members(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        return db.read(h -> {
            access.visible(h, me, id);
            ObjectNode r = Json.success();
            r.set("subscribers", Json.tree(subs.subscribers(h, id)));
            return r;
        });
    }

    public Object status(Request req) {
        User me = req.user();
        long userId = req.pathLong("user_id");
        long id = req.pathLong("stream_id");
        return db.read(h -> {
            User u = users.byId(h, userId).orElse(null);
            if (u == null || u.isSystemBot()) throw ApiError.bad("No such user");
            access.visible(h, me, id);
            return Json.success().put("is_subscribed", subs.isSubscribed(h, userId, id));
        });
    }

    public Object topics(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        boolean allowEmpty = req.bool("allow_empty_topic_name", false);
        return db.read(h -> {
            Channel c = access.visible(h, me, id);
            boolean subscribed = subs.isSubscribed(h, me.id(), id);
            if (!access.canAccessContent(h, me, c, subscribed)) throw ChannelAccess.invalidId();
            var topics = Json.array();
            for (var t : channels.topics(h, id, c.historyPublicToSubscribers() ? null : me.id())) {
                topics.add(Json.object().put("name", t.topic().isEmpty() && !allowEmpty ? dev.stoa.realm.Realm.EMPTY_TOPIC_DISPLAY_NAME : t.topic())
                        .put("max_id", t.maxId()));
            }
            ObjectNode r = Json.success();
            r.set("topics", topics);
            return r;
        });
    }


    /**
     * GET /streams/{id}/email_address: for those who may post there (Zulip 12, level 448), with
     * sender_id the caller, Zulip's email gateway (the default) or a bot the caller administers.
     */
    public Object emailAddress(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        Long senderId = req.optLong("sender_id").orElse(null);
        return db.read(h -> {
            Channel c = access.checkContentAccess(h, me, id);
            access.checkSend(h, me, c);
            long sender = senderId == null ? ChannelEmail.GATEWAY_SENDER : senderId == me.id() ? me.id() : ownBot(h, me, senderId);
            return Json.success().put("email", email.address(c, sender));
        });
    }

    /** Zulip's access_bot_by_id. */
    private long ownBot(org.jdbi.v3.core.Handle h, User me, long id) {
        User bot = users.byId(h, id).filter(User::isBot).orElseThrow(() -> ApiError.bad("No such bot"));
        if (!me.isAdmin() && (bot.botOwnerId() == null || bot.botOwnerId() != me.id())) throw ApiError.bad("Insufficient permission");
        return bot.id();
    }
}
