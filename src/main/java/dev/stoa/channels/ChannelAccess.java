package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.groups.GroupResolver;
import dev.stoa.groups.GroupSettingValues;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;

/**
 * THE rule of who may see and do what with a channel, as Zulip decides it (feature level 349+);
 * every feature asks here (messages, drafts, topic visibility, channels themselves).
 * <ul>
 * <li>Content (messages, topics, drafts, subscribing oneself): subscribers; everyone for web-public
 * channels; non-guests in public channels; non-guest members of the channel's
 * can_add_subscribers_group or can_subscribe_group in private ones. Guests never gain access
 * through a group (those settings do not allow the everyone group).</li>
 * <li>History (messages sent before one could read): web-public; public channels for non-guests;
 * else content access in a channel whose history is public to subscribers.</li>
 * <li>Metadata (name, description, subscribers, events): content access, plus organization
 * administrators and non-guest members of can_administer_channel_group for private channels.</li>
 * <li>Sending: web-public; public for non-guests; subscribers; bots whose owner is subscribed;
 * group members (as for content) where history is public to subscribers. And the sender, or the
 * bot's owner, must be in can_send_message_group.</li>
 * </ul>
 * Every group-setting check goes through GroupResolver.isMember.
 */
public final class ChannelAccess {
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final GroupResolver resolver;
    private final RealmHolder realm;

    public ChannelAccess(ChannelStore channels, SubscriptionStore subs, GroupResolver resolver, RealmHolder realm) {
        this.channels = channels;
        this.subs = subs;
        this.resolver = resolver;
        this.realm = realm;
    }

    public boolean member(Handle h, User u, JsonNode value) {
        return u != null && u.isActive() && resolver.isMember(h, u.id(), value);
    }

    public boolean inChannelGroup(Handle h, User u, Channel c, String setting) {
        return member(h, u, c.setting(setting));
    }

    public boolean inRealmGroup(Handle h, User u, String setting) {
        return member(h, u, realm.get().get(setting));
    }

    // ---- the rules ----

    public boolean canAccessContent(Handle h, User u, Channel c, boolean subscribed) {
        if (u == null) return c.isWebPublic() && realm.get().spectatorAccess();
        if (!u.isActive()) return false;
        if (subscribed || c.isWebPublic()) return true;
        if (u.isGuest()) return false;
        return !c.inviteOnly() || inContentGroups(h, u, c);
    }

    /** Zulip's can_access_stream_history: whether a non-subscriber may read messages sent before. */
    public boolean canReadHistory(Handle h, User u, Channel c, boolean subscribed) {
        if (c.isWebPublic()) return canAccessContent(h, u, c, subscribed);
        if (u != null && !c.inviteOnly() && !u.isGuest()) return u.isActive();
        return c.historyPublicToSubscribers() && canAccessContent(h, u, c, subscribed);
    }

    public boolean canSeeMetadata(Handle h, User u, Channel c, boolean subscribed) {
        if (canAccessContent(h, u, c, subscribed)) return true;
        if (u == null || !u.isActive() || u.isGuest()) return false;
        return u.isAdmin() || inChannelGroup(h, u, c, "can_administer_channel_group");
    }

    /** Members of the groups that grant content access to a private channel (callers rule guests out). */
    private boolean inContentGroups(Handle h, User u, Channel c) {
        return inChannelGroup(h, u, c, "can_add_subscribers_group") || inChannelGroup(h, u, c, "can_subscribe_group");
    }

    /** Whether the user may address the channel at all when sending (can_send_message_group aside). */
    public boolean canSendTo(Handle h, User u, Channel c, boolean subscribed) {
        if (u == null || !u.isActive()) return false;
        if (subscribed || c.isWebPublic() || !c.inviteOnly() && !u.isGuest()) return true;
        // Zulip lets an owner's bot post wherever the owner is subscribed.
        if (u.isBot() && u.botOwnerId() != null && subs.isSubscribed(h, u.botOwnerId(), c.id())) return true;
        return c.historyPublicToSubscribers() && !u.isGuest() && inContentGroups(h, u, c);
    }

    /** can_send_message_group: the sender, or for a bot its owner, must be a member. */
    public boolean inSendGroup(Handle h, User u, Channel c) {
        JsonNode group = c.setting("can_send_message_group");
        if (group == null || resolver.isMember(h, u.id(), group)) return true;
        return u.isBot() && u.botOwnerId() != null && resolver.isMember(h, u.botOwnerId(), group);
    }

    /** Sending to a channel: Zulip's access_stream_for_send_message errors, in Stoa's order. */
    public void checkSend(Handle h, User u, Channel c) {
        if (c.isArchived() || !canSendTo(h, u, c, subs.isSubscribed(h, u.id(), c.id()))) {
            throw ChannelErrors.notAuthorizedToSendToChannel(c.name());
        }
        if (!inSendGroup(h, u, c)) throw ChannelErrors.noPermissionToPostInChannel();
    }

    /** Zulip's access_stream_by_id: the channel if the user has content access, else "Invalid channel ID". */
    public Channel checkContentAccess(Handle h, User u, long channelId) {
        return checkContentAccess(h, u, channelId, ChannelAccess::invalidId);
    }

    /** The same check with the caller's refusal (a channel the request addressed by name is refused by its name, as Zulip). */
    public Channel checkContentAccess(Handle h, User u, long channelId, Supplier<ApiError> refusal) {
        Channel c = channels.byId(h, channelId).orElseThrow(refusal);
        if (!canAccessContent(h, u, c, u != null && subs.isSubscribed(h, u.id(), channelId))) throw refusal.get();
        return c;
    }

    /** The channel by id if the user may see its metadata; else Zulip's "Invalid channel ID". */
    public Channel visible(Handle h, User u, long channelId) {
        Optional<Channel> c = channels.byId(h, channelId);
        if (c.isEmpty()) throw invalidId();
        boolean subscribed = u != null && subs.isSubscribed(h, u.id(), channelId);
        if (!canSeeMetadata(h, u, c.get(), subscribed)) throw invalidId();
        return c.get();
    }

    public static ApiError invalidId() {
        return CommonErrors.invalidChannelId();
    }

    /** Organization administrators and members of can_administer_channel_group. */
    public boolean canAdminister(Handle h, User u, Channel c) {
        return u != null && u.isActive() && (u.isAdmin() || inChannelGroup(h, u, c, "can_administer_channel_group"));
    }

    /** Subscribing oneself: non-guests with content access (guests are added by others). */
    public boolean canSubscribeSelf(Handle h, User u, Channel c) {
        return u != null && !u.isGuest() && canAccessContent(h, u, c, false);
    }

    /**
     * Subscribing others (never guests): administrators, channel administrators, members of the
     * channel's can_add_subscribers_group, and members of the realm's who can access the channel's content.
     */
    public boolean canAddSubscribers(Handle h, User u, Channel c, boolean subscribed) {
        if (u == null || !u.isActive() || u.isGuest()) return false;
        if (canAdminister(h, u, c) || inChannelGroup(h, u, c, "can_add_subscribers_group")) return true;
        return inRealmGroup(h, u, "can_add_subscribers_group") && canAccessContent(h, u, c, subscribed);
    }

    /** Removing others: administrators; members of can_remove_subscribers_group with access; owners of the bot removed. */
    public boolean canRemoveSubscriber(Handle h, User u, Channel c, boolean subscribed, User target) {
        if (u == null || !u.isActive()) return false;
        if (u.isAdmin()) return true;
        if (target.isBot() && target.botOwnerId() != null && target.botOwnerId() == u.id() && canSeeMetadata(h, u, c, subscribed)) return true;
        return canAccessContent(h, u, c, subscribed) && inChannelGroup(h, u, c, "can_remove_subscribers_group");
    }

    // ---- many channels at once ----

    /**
     * One viewer's channels, decided once per request: every channel, the viewer's subscriptions,
     * and the channels whose content and whose history the viewer may read (the rules above).
     */
    public record Viewer(User user, Map<Long, Channel> channels, Map<Long, Subscription> subs, Set<Long> content, Set<Long> history) {
        public boolean subscribed(long channelId) {
            Subscription s = subs.get(channelId);
            return s != null && s.active();
        }

        public boolean canAccessContent(long channelId) { return content.contains(channelId); }

        public boolean canReadHistory(long channelId) { return history.contains(channelId); }

        public Channel channel(long id) { return channels.get(id); }

        public Channel channelByName(String name) {
            for (Channel c : channels.values()) if (c.name().equalsIgnoreCase(name)) return c;
            return null;
        }
    }

    public Viewer viewer(Handle h, User u) {
        Map<Long, Subscription> mine = new HashMap<>();
        for (Subscription s : subs.ofUser(h, u.id())) mine.put(s.channelId(), s);
        Map<Long, Channel> all = channels.allById(h);
        Set<Long> content = new HashSet<>();
        Set<Long> history = new HashSet<>();
        for (Channel c : all.values()) {
            Subscription s = mine.get(c.id());
            boolean subscribed = s != null && s.active();
            if (canAccessContent(h, u, c, subscribed)) content.add(c.id());
            if (canReadHistory(h, u, c, subscribed)) history.add(c.id());
        }
        return new Viewer(u, all, mine, Set.copyOf(content), Set.copyOf(history));
    }

    /** One channel's part of a Viewer, decided alone. */
    public record Decision(Channel channel, boolean content, boolean history) {}

    /**
     * The viewer's decision for one channel (empty when it does not exist): a request about one channel
     * (a channel narrow) need not read and decide every channel of the realm as viewer() does.
     */
    public Optional<Decision> decide(Handle h, User u, long channelId) {
        return channels.byId(h, channelId).map(c -> {
            boolean subscribed = subs.isSubscribed(h, u.id(), c.id());
            return new Decision(c, canAccessContent(h, u, c, subscribed), canReadHistory(h, u, c, subscribed));
        });
    }

    /** Active users who may see the channel's metadata: the audience of its events. */
    public List<Long> audience(Handle h, Channel c, List<User> activeUsers) {
        Set<Long> subscribed = new HashSet<>(subs.subscribers(h, c.id()));
        List<Long> out = new ArrayList<>();
        for (User u : activeUsers) {
            if (u.isSystemBot()) continue;
            if (canSeeMetadata(h, u, c, subscribed.contains(u.id()))) out.add(u.id());
        }
        return out;
    }

    /** Channels whose permission settings name the group: it is in use and cannot be deactivated. */
    public List<ObjectNode> groupObjections(Handle h, long groupId) {
        List<ObjectNode> out = new ArrayList<>();
        for (Channel c : channels.all(h)) {
            List<String> names = new ArrayList<>();
            c.settings().properties().forEach(e -> {
                if (GroupSettingValues.mentions(e.getValue(), groupId)) names.add(e.getKey());
            });
            if (names.isEmpty()) continue;
            ObjectNode o = Json.object().put("type", "channel").put("channel_id", c.id());
            names.forEach(o.putArray("settings")::add);
            out.add(o);
        }
        return out;
    }
}
