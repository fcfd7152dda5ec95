package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.http.Router;
import dev.stoa.realm.RealmHolder;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** POST /channels/create and DELETE /streams/{id} (archive). PATCH is {@link ChannelUpdateViews}. */
public final class ChannelViews {
    private final Db db;
    private final ChannelStore channels;
    private final FolderStore folders;
    private final ChannelAccess access;
    private final GroupSettings groupSettings;
    private final ChannelActions actions;
    private final ChannelUpdateActions updates;
    private final RealmHolder realm;

    public ChannelViews(Db db, ChannelStore channels, FolderStore folders, ChannelAccess access, GroupSettings groupSettings,
                        ChannelActions actions, ChannelUpdateActions updates, RealmHolder realm) {
        this.db = db;
        this.channels = channels;
        this.folders = folders;
        this.access = access;
        this.groupSettings = groupSettings;
        this.actions = actions;
        this.updates = updates;
        this.realm = realm;
    }

    /** Posts as the notification bot in a channel; the messages feature provides it at wiring time. */
    @FunctionalInterface
    public interface Announcer {
        void post(Channel channel, String topic, String content);
    }

    private volatile Announcer announcer = (c, t, m) -> {};

    public void announcer(Announcer a) { this.announcer = a; }

    /**
     * With `announce`, the notification bot tells the realm's new-channel announcements channel
     * about the new public channels (private ones are not announced), as Zulip does.
     */
    void announce(User actor, List<Long> created) {
        long target = realm.get().get("new_stream_announcements_stream_id").asLong(-1);
        if (target < 0 || created.isEmpty()) return;
        record Found(Channel to, List<Channel> created) {}
        Found found = db.read(h -> new Found(channels.byId(h, target).orElse(null), channels.byIds(h, created)));
        Channel to = found.to();
        List<Channel> news = found.created().stream().filter(c -> !c.inviteOnly()).toList();
        if (to == null || to.isArchived() || news.isEmpty()) return;
        String who = "@_**" + actor.fullName() + "|" + actor.id() + "**";
        String content = news.size() == 1 ? who + " created a new channel #**" + news.getFirst().name() + "**."
                : who + " created the following channels: "
                        + String.join(", ", news.stream().map(c -> "#**" + c.name() + "**").toList()) + ".";
        announcer.post(to, "new channels", content);
    }

    public void routes(Router r) {
        r.post("/channels/create", Router.Auth.USER, this::create);
        r.delete("/streams/{stream_id}", Router.Auth.USER, this::archive);
    }

    private Object create(Request req) {
        User me = req.user();
        String name = ChannelParams.name(req.str("name"));
        List<Long> subscribers = req.longList("subscribers");
        if (subscribers == null) throw ApiError.missing("subscribers");
        ActionsSpec spec = spec(req, me, name, ChannelParams.description(req.str("description", "")));
        boolean announce = req.bool("announce", false);
        var result = db.read(h -> {
            if (channels.byName(h, name).isPresent()) throw ChannelActions.channelExists(name);
            checkCanCreate(h, me, spec.channel().inviteOnly(), spec.channel().isWebPublic());
            checkSubscribers(h, me, subscribers);
            return null;
        });
        var r = actions.doSubscribe(me, List.of(spec.channel()), List.of(), List.copyOf(new LinkedHashSet<>(subscribers)));
        if (announce) announce(me, r.created());
        return Json.success().put("id", r.created().getFirst());
    }

    record ActionsSpec(ChannelActions.NewChannel channel) {}

    /** The creation parameters shared by POST /channels/create and POST /users/me/subscriptions. */
    ActionsSpec spec(Request req, User me, String name, String description) {
        boolean inviteOnly = req.bool("invite_only", false);
        boolean webPublic = req.bool("is_web_public", false);
        if (inviteOnly && webPublic) throw ApiError.bad("Invalid parameters");
        Boolean history = req.optBool("history_public_to_subscribers").orElse(null);
        boolean historyPublic = !inviteOnly || (history != null && history);
        boolean isDefault = req.bool("is_default_stream", false);
        if (isDefault && inviteOnly) throw ApiError.bad("A default channel cannot be private.");
        Integer retention = ChannelParams.retention(req);
        if (req.has("message_retention_days") && !me.isOwner()) throw ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Must be an organization owner");
        String topicsPolicy = req.optStr("topics_policy").map(ChannelParams::topicsPolicy).orElse("inherit");
        Long folderId = req.optLong("folder_id").orElse(null);
        ObjectNode settings = db.read(h -> {
            if (folderId != null && folders.byId(h, folderId).filter(f -> !f.isArchived()).isEmpty()) {
                throw ApiError.bad("Invalid channel folder ID");
            }
            ObjectNode s = groupSettings.defaults(me.id());
            for (String setting : GroupSettings.CHANNEL_SETTINGS) {
                JsonNode v = ChannelParams.groupValue(req, setting);
                if (v != null) s.set(setting, groupSettings.parse(h, setting, v));
            }
            return s;
        });
        checkTopicGroup(inviteOnly, historyPublic, settings.get("can_create_topic_group"));
        return new ActionsSpec(new ChannelActions.NewChannel(name, description, inviteOnly, webPublic, historyPublic, retention,
                folderId, topicsPolicy, settings, isDefault));
    }

    /** A private channel with protected history cannot restrict topic creation (seed). */
    void checkTopicGroup(boolean inviteOnly, boolean historyPublic, JsonNode canCreateTopic) {
        if (inviteOnly && !historyPublic && !GroupSettings.same(canCreateTopic,
                Json.MAPPER.getNodeFactory().numberNode(groupSettings.systemGroup("role:everyone")))) {
            throw ApiError.bad("Invalid parameters");
        }
    }

    void checkCanCreate(Handle h, User me, boolean inviteOnly, boolean webPublic) {
        if (webPublic) {
            if (!realm.get().spectatorAccess()) throw ApiError.bad("Web-public channels are not enabled.");
            if (!access.inRealmGroup(h, me, "can_create_web_public_channel_group")) throw ApiError.bad("Insufficient permission");
            return;
        }
        String setting = inviteOnly ? "can_create_private_channel_group" : "can_create_public_channel_group";
        if (!access.inRealmGroup(h, me, setting)) throw ApiError.bad("Insufficient permission");
    }

    /** Subscribers must be active users; subscribing others needs the realm's can_add_subscribers_group. */
    void checkSubscribers(Handle h, User me, List<Long> ids) {
        for (long id : ids) {
            Long n = h.createQuery("SELECT COUNT(*) FROM users WHERE id = ? AND is_active AND NOT is_system_bot").bind(0, id).mapTo(Long.class).one();
            if (n == 0) throw ApiError.bad("Invalid user ID: " + id);
        }
        boolean others = ids.stream().anyMatch(id -> id != me.id());
        if (others && !access.inRealmGroup(h, me, "can_add_subscribers_group")) throw ApiError.bad("Insufficient permission");
    }

    private Object archive(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        db.read(h -> {
            Channel c = access.visible(h, me, id);
            if (!access.canAdminister(h, me, c)) throw ApiError.bad("You do not have permission to administer this channel.");
            return c;
        });
        updates.doArchive(id);
        return Json.success();
    }

    static List<Long> ids(List<Channel> cs) {
        List<Long> out = new ArrayList<>();
        for (Channel c : cs) out.add(c.id());
        return out;
    }
}
