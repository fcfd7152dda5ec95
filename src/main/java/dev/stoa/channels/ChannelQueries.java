package dev.stoa.channels;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.Realm;
import dev.stoa.users.UserErrors;
import dev.stoa.users.UserStore;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * What the channel and folder views read (channels as the viewer may see them, members, topics,
 * folders, default channels), each in a read transaction of its own. The views hold no database:
 * reads go through here, writes through the actions.
 */
public final class ChannelQueries {
    private final Db db;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final FolderStore folders;
    private final ChannelAccess access;
    private final ChannelJson json;
    private final UserStore users;
    private final ChannelEmail email;

    public ChannelQueries(Db db, ChannelStore channels, SubscriptionStore subs, FolderStore folders, ChannelAccess access, ChannelJson json,
                          UserStore users, ChannelEmail email) {
        this.db = db;
        this.channels = channels;
        this.subs = subs;
        this.folders = folders;
        this.access = access;
        this.json = json;
        this.users = users;
        this.email = email;
    }

    /** GET /streams' include_* and exclude_archived parameters (all: include_all or include_all_active). */
    public record StreamFilter(boolean pub, boolean webPublic, boolean subscribed, boolean excludeArchived, boolean all, boolean defaults,
                               boolean ownerSubscribed, boolean contentAccess) {}

    /** GET /streams' answer: the channels the filter includes among those `me` may see. */
    public ObjectNode streams(User me, StreamFilter f) {
        boolean pub = f.pub(), webPublic = f.webPublic(), subscribed = f.subscribed(), excludeArchived = f.excludeArchived();
        boolean all = f.all(), defaults = f.defaults(), ownerSubscribed = f.ownerSubscribed(), contentAccess = f.contentAccess();
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

    /** GET /streams/{id}'s answer. */
    public ObjectNode stream(User me, long id) {
        return db.read(h -> {
            ObjectNode r = Json.success();
            r.set("stream", json.stream(access.visible(h, me, id), subs.count(h, id)));
            return r;
        });
    }

    /** GET /get_stream_id: the id of a channel `me` may see, by name. */
    public long idByName(User me, String name) {
        return db.read(h -> {
            Channel c = channels.byName(h, name.strip()).orElse(null);
            if (c == null || !access.canSeeMetadata(h, me, c, subs.isSubscribed(h, me.id(), c.id()))) {
                throw ChannelErrors.invalidChannelName(name);
            }
            return c.id();
        });
    }

    /** The subscribers of a channel `me` may see. */
    public List<Long> subscribers(User me, long id) {
        return db.read(h -> {
            access.visible(h, me, id);
            return subs.subscribers(h, id);
        });
    }

    /** Whether a user is subscribed to a channel `me` may see. */
    public boolean isSubscribed(User me, long userId, long id) {
        return db.read(h -> {
            User u = users.byId(h, userId).orElse(null);
            if (u == null || u.isSystemBot()) throw CommonErrors.noSuchUser();
            access.visible(h, me, id);
            return subs.isSubscribed(h, userId, id);
        });
    }

    /** GET /users/me/{stream_id}/topics' answer. */
    public ObjectNode topics(User me, long id, boolean allowEmpty) {
        return db.read(h -> {
            Channel c = access.visible(h, me, id);
            boolean subscribed = subs.isSubscribed(h, me.id(), id);
            if (!access.canAccessContent(h, me, c, subscribed)) throw ChannelAccess.invalidId();
            var topics = Json.array();
            for (var t : channels.topics(h, id, c.historyPublicToSubscribers() ? null : me.id())) {
                topics.add(Json.object().put("name", t.topic().isEmpty() && !allowEmpty ? Realm.EMPTY_TOPIC_DISPLAY_NAME : t.topic())
                        .put("max_id", t.maxId()));
            }
            ObjectNode r = Json.success();
            r.set("topics", topics);
            return r;
        });
    }

    /** A channel's email address for `me` to post through, sent as senderId (null: Zulip's email gateway). */
    public String emailAddress(User me, long id, Long senderId) {
        return db.read(h -> {
            Channel c = access.checkContentAccess(h, me, id);
            access.checkSend(h, me, c);
            long sender = senderId == null ? ChannelEmail.GATEWAY_SENDER : senderId == me.id() ? me.id() : ownBot(h, me, senderId);
            return email.address(c, sender);
        });
    }

    /** Zulip's access_bot_by_id. */
    private long ownBot(Handle h, User me, long id) {
        User bot = users.byId(h, id).filter(User::isBot).orElseThrow(() -> UserErrors.noSuchBot());
        if (!me.isAdmin() && (bot.botOwnerId() == null || bot.botOwnerId() != me.id())) throw CommonErrors.insufficientPermission();
        return bot.id();
    }

    /** GET /channel_folders' answer. */
    public ObjectNode folders(boolean archived) {
        return db.read(h -> {
            ArrayNode out = Json.array();
            for (ChannelFolder f : folders.all(h)) if (archived || !f.isArchived()) out.add(FolderActions.json(f));
            ObjectNode r = Json.success();
            r.set("channel_folders", out);
            return r;
        });
    }

    /** GET /default_streams' answer: the default channels `me` may see (an administrator: all). */
    public ObjectNode defaultStreams(User me) {
        return db.read(h -> {
            ArrayNode out = Json.array();
            Map<Long, Integer> counts = subs.counts(h);
            for (Channel c : channels.byIds(h, channels.defaultChannelIds(h))) {
                if (access.canSeeMetadata(h, me, c, false) || me.isAdmin()) out.add(json.stream(c, counts.getOrDefault(c.id(), 0)));
            }
            ObjectNode r = Json.success();
            r.set("default_streams", out);
            return r;
        });
    }
}
