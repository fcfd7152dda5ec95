package dev.stoa.messages;

import dev.stoa.channels.ChannelAccess;
import dev.stoa.identity.User;
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

    /** A viewer's channels, decided once per request by ChannelAccess. */
    public record View(ChannelAccess.Viewer channels) {
        public User user() { return channels.user(); }

        /** Content access to the channel (Zulip's access_stream_by_id). */
        public boolean canSee(long channelId) { return channels.canAccessContent(channelId); }

        public boolean canReadHistory(long channelId) { return channels.canReadHistory(channelId); }
    }

    public View view(Handle h, User user) {
        return new View(channelAccess.viewer(h, user));
    }

    /** Whether the viewer may read message m, given its user_message flags (null when no row). */
    public static boolean canRead(View v, Message m, Long flags) {
        if (flags != null) return true;
        return m.isChannel() && v.canReadHistory(m.channelId());
    }
}
