package dev.stoa.topics;

import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import org.jdbi.v3.core.Handle;

/**
 * Whether a user may address a channel (drafts, topic visibility). Zulip's access_stream_by_id:
 * the channel exists and is public (non-guests), or the user is subscribed, or it is web-public.
 * The channels feature may replace this with its own check; until its tables exist, no channel
 * id is valid.
 */
@FunctionalInterface
public interface ChannelAccess {
    /** Throws BAD_REQUEST "Invalid channel ID" unless the user may access the channel. */
    void check(Handle h, User user, long channelId);

    static ApiError invalid() {
        return ApiError.bad("Invalid channel ID");
    }

    /** The SQL check over the channels feature's tables, or a check that rejects all when they do not exist yet. */
    static ChannelAccess forSchema(Db db) {
        boolean exists = db.read(h -> {
            try (var rs = h.getConnection().getMetaData().getTables(null, h.getConnection().getSchema(), "%", null)) {
                while (rs.next()) if ("channels".equalsIgnoreCase(rs.getString("TABLE_NAME"))) return true;
            }
            return false;
        });
        if (!exists) return (h, user, id) -> { throw invalid(); };
        return (h, user, id) -> {
            boolean ok = h.createQuery("SELECT 1 FROM channels c WHERE c.id = ? AND (c.is_web_public"
                            + " OR (NOT c.invite_only AND NOT ?)"
                            + " OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.channel_id = c.id AND s.user_id = ? AND s.active))")
                    .bind(0, id).bind(1, user.isGuest()).bind(2, user.id()).mapTo(Integer.class).findOne().isPresent();
            if (!ok) throw invalid();
        };
    }
}
