package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * Creating channels, shared by POST /channels/create, POST /users/me/subscriptions and
 * PATCH /streams/{id}: the creation parameters, who may create which kind of channel, and the
 * notification bot's announcement of new channels.
 */
public final class ChannelCreateRules {
    private final Db db;
    private final ChannelStore channels;
    private final FolderStore folders;
    private final ChannelAccess access;
    private final GroupSettings groupSettings;
    private final RealmHolder realm;
    private final Announcer announcer;

    public ChannelCreateRules(Db db, ChannelStore channels, FolderStore folders, ChannelAccess access, GroupSettings groupSettings,
                              RealmHolder realm, Announcer announcer) {
        this.db = db;
        this.channels = channels;
        this.folders = folders;
        this.access = access;
        this.groupSettings = groupSettings;
        this.realm = realm;
        this.announcer = announcer;
    }

    /** Posts as the notification bot in a channel; the messages feature provides it. */
    @FunctionalInterface
    public interface Announcer {
        void post(Channel channel, String topic, String content);
    }

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

    /** The creation parameters shared by POST /channels/create and POST /users/me/subscriptions. */
    ChannelActions.NewChannel spec(Request req, User me, String name, String description) {
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
        return new ChannelActions.NewChannel(name, description, inviteOnly, webPublic, historyPublic, retention,
                folderId, topicsPolicy, settings, isDefault);
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
}
