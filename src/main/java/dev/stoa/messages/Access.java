package dev.stoa.messages;

import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.identity.User;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * Who may read a message (Zulip's has_message_access): anyone with a user_message row for it;
 * else, for a channel message, whoever may read the channel's history. Which channels those are
 * is the channels feature's one rule (ChannelAccess); this class only applies it to messages.
 */
public final class Access {
    private final ChannelAccess channelAccess;

    public Access(ChannelAccess channelAccess) {
        this.channelAccess = channelAccess;
    }

    /**
     * A viewer's channels, decided only as far as asked: one channel at a time for a request about a few
     * (a channel narrow), all of them at most once per request when a question needs them all, and none for a
     * narrow over the viewer's own messages (is:unread, dm:, search). Deciding every channel of a realm of a
     * thousand was most of the cost of such a fetch. Lives inside one transaction (its handle).
     */
    public static final class View {
        private final Handle h;
        private final User user;
        private final ChannelAccess channelAccess;
        private final Map<Long, Optional<ChannelAccess.Decision>> decided = new HashMap<>();
        private ChannelAccess.Viewer all;

        View(Handle h, User user, ChannelAccess channelAccess) {
            this.h = h;
            this.user = user;
            this.channelAccess = channelAccess;
        }

        public User user() { return user; }

        /** Every channel decided (once). */
        public ChannelAccess.Viewer channels() {
            if (all == null) all = channelAccess.viewer(h, user);
            return all;
        }

        /** The channel, or null when it does not exist. */
        public Channel channel(long channelId) {
            if (all != null) return all.channel(channelId);
            return decision(channelId).map(ChannelAccess.Decision::channel).orElse(null);
        }

        /** Content access to the channel (Zulip's access_stream_by_id). */
        public boolean canSee(long channelId) {
            if (all != null) return all.canAccessContent(channelId);
            return decision(channelId).map(ChannelAccess.Decision::content).orElse(false);
        }

        public boolean canReadHistory(long channelId) {
            if (all != null) return all.canReadHistory(channelId);
            return decision(channelId).map(ChannelAccess.Decision::history).orElse(false);
        }

        private Optional<ChannelAccess.Decision> decision(long channelId) {
            return decided.computeIfAbsent(channelId, id -> channelAccess.decide(h, user, id));
        }
    }

    public View view(Handle h, User user) {
        return new View(h, user, channelAccess);
    }

    /** Whether the viewer may read message m, given its user_message flags (null when no row). */
    public static boolean canRead(View v, Message m, Long flags) {
        if (flags != null) return true;
        return m.isChannel() && v.canReadHistory(m.channelId());
    }
}
