package dev.stoa.topics;

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

    /** Zulip's access_stream_by_id over the channels tables: web-public, public for non-guests, or subscribed. */
    static ChannelAccess subscribedOrPublic() {
        return (h, user, id) -> {
            boolean ok = h.createQuery("SELECT 1 FROM channels c WHERE c.id = ? AND (c.is_web_public"
                            + " OR (NOT c.invite_only AND NOT ?)"
                            + " OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.channel_id = c.id AND s.user_id = ? AND s.active))")
                    .bind(0, id).bind(1, user.isGuest()).bind(2, user.id()).mapTo(Integer.class).findOne().isPresent();
            if (!ok) throw invalid();
        };
    }
}
