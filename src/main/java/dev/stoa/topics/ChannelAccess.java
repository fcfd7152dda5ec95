package dev.stoa.topics;

import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import org.jdbi.v3.core.Handle;

/**
 * Whether a user may address a channel (drafts, topic visibility). Zulip's access_stream_by_id:
 * the channel exists and is public (non-guests), or the user is subscribed, or it is web-public.
 * (The channels feature's ChannelAccess is to replace it: this one ignores group-based access.)
 */
@FunctionalInterface
public interface ChannelAccess {
    /** Throws BAD_REQUEST "Invalid channel ID" unless the user may access the channel. */
    void check(Handle h, User user, long channelId);

    static ApiError invalid() {
        return ApiError.bad("Invalid channel ID");
    }

    /** Zulip's access_stream_by_id over the channels' stores: web-public, public for non-guests, or subscribed. */
    static ChannelAccess subscribedOrPublic(ChannelStore channels, SubscriptionStore subscriptions) {
        return (h, user, id) -> {
            boolean ok = channels.byId(h, id).filter(c -> c.isWebPublic() || (!c.inviteOnly() && !user.isGuest())
                    || subscriptions.isSubscribed(h, user.id(), id)).isPresent();
            if (!ok) throw invalid();
        };
    }
}
