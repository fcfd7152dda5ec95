package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.groups.GroupResolver;
import dev.stoa.http.ApiError;
import dev.stoa.realm.RealmHolder;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * Who may see and do what with a channel, as Zulip decides it. Metadata access (name,
 * description, subscribers, events): subscribers; anyone but guests for public channels;
 * organization administrators and members of the channel's administer/add-subscribers/subscribe
 * groups for private ones; everyone for web-public channels. Content access: subscribers,
 * non-guests in public channels, members of the add-subscribers/subscribe groups, and web-public.
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

    /** The same rules read from the handle's state, not the group cache (which holds committed state). */
    public ChannelAccess uncached() {
        return new ChannelAccess(channels, subs, resolver.uncached(), realm);
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

    public boolean canSeeMetadata(Handle h, User u, Channel c, boolean subscribed) {
        if (u == null) return c.isWebPublic() && realm.get().spectatorAccess();
        if (!u.isActive()) return false;
        if (subscribed || c.isWebPublic()) return true;
        if (u.isGuest()) return false;
        if (!c.inviteOnly() || u.isAdmin()) return true;
        return inChannelGroup(h, u, c, "can_administer_channel_group") || hasGroupContentAccess(h, u, c);
    }

    public boolean canAccessContent(Handle h, User u, Channel c, boolean subscribed) {
        if (u == null) return c.isWebPublic() && realm.get().spectatorAccess();
        if (!u.isActive()) return false;
        if (subscribed || c.isWebPublic()) return true;
        if (!c.inviteOnly() && !u.isGuest()) return true;
        return hasGroupContentAccess(h, u, c);
    }

    /**
     * Who may send to the channel (the can_send_message_group check aside): those with content
     * access, and bots whose owner is subscribed to it, as Zulip lets an owner's bot post where the owner may.
     */
    public boolean canSendTo(Handle h, User u, Channel c, boolean subscribed) {
        if (canAccessContent(h, u, c, subscribed)) return true;
        return u != null && u.isBot() && u.botOwnerId() != null && subs.isSubscribed(h, u.botOwnerId(), c.id());
    }

    private boolean hasGroupContentAccess(Handle h, User u, Channel c) {
        return inChannelGroup(h, u, c, "can_add_subscribers_group") || inChannelGroup(h, u, c, "can_subscribe_group");
    }

    /** Organization administrators and members of can_administer_channel_group. */
    public boolean canAdminister(Handle h, User u, Channel c) {
        return u != null && u.isActive() && (u.isAdmin() || inChannelGroup(h, u, c, "can_administer_channel_group"));
    }

    /** Subscribing oneself: anyone with content access (guests only through the channel's groups). */
    public boolean canSubscribeSelf(Handle h, User u, Channel c) {
        if (u == null || !u.isActive()) return false;
        if (!c.inviteOnly() && !u.isGuest()) return true;
        return hasGroupContentAccess(h, u, c) || (c.isWebPublic() && !u.isGuest());
    }

    /**
     * Subscribing others: administrators, channel administrators, and members of the realm's or
     * the channel's can_add_subscribers_group, who must also be able to access a private channel's content.
     */
    public boolean canAddSubscribers(Handle h, User u, Channel c, boolean subscribed) {
        if (u == null || !u.isActive() || u.isGuest() && !inChannelGroup(h, u, c, "can_add_subscribers_group")) return false;
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

    /** The channel by id if the user may see it; else Zulip's "Invalid channel ID". */
    public Channel visible(Handle h, User u, long channelId) {
        Optional<Channel> c = channels.byId(h, channelId);
        if (c.isEmpty()) throw invalidId();
        boolean subscribed = u != null && subs.isSubscribed(h, u.id(), channelId);
        if (!canSeeMetadata(h, u, c.get(), subscribed)) throw invalidId();
        return c.get();
    }

    public static ApiError invalidId() {
        return ApiError.bad("Invalid channel ID");
    }

    /** Active users who may see the channel's metadata: the audience of its events. */
    public List<Long> audience(Handle h, Channel c, List<User> activeUsers) {
        List<Long> subscribers = subs.subscribers(h, c.id());
        java.util.Set<Long> subscribed = new java.util.HashSet<>(subscribers);
        List<Long> out = new ArrayList<>();
        for (User u : activeUsers) {
            if (u.isSystemBot()) continue;
            if (canSeeMetadata(h, u, c, subscribed.contains(u.id()))) out.add(u.id());
        }
        return out;
    }

    /** Channels whose permission settings name the group: it is in use and cannot be deactivated. */
    public List<com.fasterxml.jackson.databind.node.ObjectNode> groupObjections(Handle h, long groupId) {
        List<com.fasterxml.jackson.databind.node.ObjectNode> out = new ArrayList<>();
        for (Channel c : channels.all(h)) {
            List<String> names = new ArrayList<>();
            c.settings().properties().forEach(e -> {
                if (dev.stoa.groups.GroupSettingValues.mentions(e.getValue(), groupId)) names.add(e.getKey());
            });
            if (names.isEmpty()) continue;
            var o = dev.stoa.http.Json.object().put("type", "channel").put("channel_id", c.id());
            names.forEach(o.putArray("settings")::add);
            out.add(o);
        }
        return out;
    }
}
