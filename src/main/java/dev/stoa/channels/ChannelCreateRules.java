package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserStore;
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
    private final UserStore users;
    private final ChannelAccess access;
    private final GroupSettings groupSettings;
    private final RealmHolder realm;
    private final Announcer announcer;

    public ChannelCreateRules(Db db, ChannelStore channels, FolderStore folders, UserStore users, ChannelAccess access, GroupSettings groupSettings,
                              RealmHolder realm, Announcer announcer) {
        this.db = db;
        this.channels = channels;
        this.folders = folders;
        this.users = users;
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

    /** The creation parameters as asked: group settings are resolved against the groups inside the transaction. */
    public record Asked(boolean inviteOnly, boolean webPublic, boolean historyPublic, boolean isDefault, boolean retentionGiven,
                        Integer retention, String topicsPolicy, Long folderId, ObjectNode groups) {
        /** A public channel that new users join, with the realm's defaults for everything else. */
        public static Asked publicDefault() {
            return new Asked(false, false, true, true, false, null, "inherit", null, Json.object());
        }
    }

    /** Parses the creation parameters shared by POST /channels/create and POST /users/me/subscriptions. */
    static Asked parse(Request req) {
        boolean inviteOnly = req.bool("invite_only", false);
        boolean webPublic = req.bool("is_web_public", false);
        if (inviteOnly && webPublic) throw CommonErrors.invalidParameters();
        Boolean history = req.optBool("history_public_to_subscribers").orElse(null);
        boolean historyPublic = !inviteOnly || (history != null && history);
        boolean isDefault = req.bool("is_default_stream", false);
        if (isDefault && inviteOnly) throw ChannelErrors.defaultChannelCannotBePrivate();
        Integer retention = ChannelParams.retention(req);
        String topicsPolicy = req.optStr("topics_policy").map(ChannelParams::topicsPolicy).orElse("inherit");
        Long folderId = req.optLong("folder_id").orElse(null);
        ObjectNode groups = Json.object();
        for (String setting : GroupSettings.CHANNEL_SETTINGS) {
            JsonNode v = ChannelParams.groupValue(req, setting);
            if (v != null) groups.set(setting, v);
        }
        return new Asked(inviteOnly, webPublic, historyPublic, isDefault, req.has("message_retention_days"), retention, topicsPolicy,
                folderId, groups);
    }

    /** The channel to create from what was asked, checked against the current folders and groups. */
    ChannelActions.NewChannel resolve(Handle h, User me, Asked a, String name, String description) {
        if (a.retentionGiven() && !me.isOwner()) throw CommonErrors.mustBeOrganizationOwner();
        if (a.folderId() != null && folders.byId(h, a.folderId()).filter(f -> !f.isArchived()).isEmpty()) {
            throw ChannelErrors.invalidChannelFolderId();
        }
        ObjectNode settings = groupSettings.defaults(me.id());
        for (var e : a.groups().properties()) settings.set(e.getKey(), groupSettings.parse(h, e.getKey(), e.getValue()));
        checkTopicGroup(a.inviteOnly(), a.historyPublic(), settings.get("can_create_topic_group"));
        return new ChannelActions.NewChannel(name, description, a.inviteOnly(), a.webPublic(), a.historyPublic(), a.retention(),
                a.folderId(), a.topicsPolicy(), settings, a.isDefault());
    }

    /** A private channel with protected history cannot restrict topic creation (seed). */
    void checkTopicGroup(boolean inviteOnly, boolean historyPublic, JsonNode canCreateTopic) {
        if (inviteOnly && !historyPublic && !GroupSettings.same(canCreateTopic,
                Json.MAPPER.getNodeFactory().numberNode(groupSettings.systemGroup("role:everyone")))) {
            throw CommonErrors.invalidParameters();
        }
    }

    void checkCanCreate(Handle h, User me, boolean inviteOnly, boolean webPublic) {
        if (webPublic) {
            if (!realm.get().spectatorAccess()) throw ChannelErrors.webPublicChannelsNotEnabled();
            if (!access.inRealmGroup(h, me, "can_create_web_public_channel_group")) throw CommonErrors.insufficientPermission();
            return;
        }
        String setting = inviteOnly ? "can_create_private_channel_group" : "can_create_public_channel_group";
        if (!access.inRealmGroup(h, me, setting)) throw CommonErrors.insufficientPermission();
    }

    /** Subscribers must be active users; subscribing others needs the realm's can_add_subscribers_group. */
    void checkSubscribers(Handle h, User me, List<Long> ids) {
        for (long id : ids) {
            if (users.byId(h, id).filter(u -> u.isActive() && !u.isSystemBot()).isEmpty()) throw CommonErrors.invalidUserId(id);
        }
        boolean others = ids.stream().anyMatch(id -> id != me.id());
        if (others && !access.inRealmGroup(h, me, "can_add_subscribers_group")) throw CommonErrors.insufficientPermission();
    }
}
