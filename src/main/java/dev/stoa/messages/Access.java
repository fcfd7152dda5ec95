package dev.stoa.messages;

import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.Subscription;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.identity.User;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * Who may read what (Zulip's rules): a message with the user's user_message row; else a channel
 * message in a public channel (not for guests), or in a channel with history public to
 * subscribers that the user is subscribed to. Direct messages only through the user's row.
 */
public final class Access {
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final dev.stoa.channels.ChannelAccess channelAccess;

    public Access(ChannelStore channels, SubscriptionStore subs, dev.stoa.channels.ChannelAccess channelAccess) {
        this.channels = channels;
        this.subs = subs;
        this.channelAccess = channelAccess;
    }

    /** A viewer's channel view, loaded once per request. */
    public record View(User user, Map<Long, Channel> channels, Map<Long, Subscription> subs, Set<Long> groupAccess) {
        public boolean subscribed(long channelId) {
            Subscription s = subs.get(channelId);
            return s != null && s.active();
        }

        /** Whether the user can see this channel exists and (for non-subscribers) read its whole history. */
        public boolean canReadHistory(long channelId) {
            Channel c = channels.get(channelId);
            if (c == null) return false;
            if ((!c.inviteOnly() && !user.isGuest()) || c.isWebPublic()) return true;
            return c.historyPublicToSubscribers() && (subscribed(channelId) || groupAccess.contains(channelId));
        }

        /** Whether the channel is visible at all (name resolution in narrows and sends). */
        public boolean canSee(long channelId) {
            Channel c = channels.get(channelId);
            if (c == null) return false;
            if ((!c.inviteOnly() && !user.isGuest()) || c.isWebPublic()) return true;
            return subscribed(channelId) || groupAccess.contains(channelId);
        }

        public Set<Long> historyChannels() {
            Set<Long> out = new HashSet<>();
            for (long id : channels.keySet()) if (canReadHistory(id)) out.add(id);
            return out;
        }

        public Channel channel(long id) { return channels.get(id); }

        public Channel channelByName(String name) {
            for (Channel c : channels.values()) if (c.name().equalsIgnoreCase(name)) return c;
            return null;
        }
    }

    public View view(Handle h, User user) {
        Map<Long, Subscription> s = new HashMap<>();
        for (Subscription x : subs.ofUser(h, user.id())) s.put(x.channelId(), x);
        Map<Long, Channel> all = channels.allById(h);
        Set<Long> groupAccess = new HashSet<>();
        for (Channel c : all.values()) {
            Subscription x = s.get(c.id());
            boolean subscribed = x != null && x.active();
            if (c.inviteOnly() && !subscribed && channelAccess.canAccessContent(h, user, c, false)) groupAccess.add(c.id());
        }
        return new View(user, all, s, groupAccess);
    }

    /** Whether the viewer may read message m, given its user_message flags (null when no row). */
    public static boolean canRead(View v, Message m, Long flags) {
        if (flags != null) return true;
        return m.isChannel() && v.canReadHistory(m.channelId());
    }
}
