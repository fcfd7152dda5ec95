package dev.stoa.channels;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;

/** Reading channels: GET /streams, /streams/{id}, /get_stream_id, members, subscription status, topics. */
public final class ChannelReadViews {
    private final ChannelQueries queries;

    public ChannelReadViews(ChannelQueries queries) {
        this.queries = queries;
    }

    public Object list(Request req) {
        User me = req.user();
        boolean pub = req.bool("include_public", true), webPublic = req.bool("include_web_public", false);
        boolean subscribed = req.bool("include_subscribed", true), excludeArchived = req.bool("exclude_archived", true);
        boolean allActive = req.bool("include_all_active", false), all = req.bool("include_all", false) || allActive;
        boolean defaults = req.bool("include_default", false), ownerSubscribed = req.bool("include_owner_subscribed", false);
        boolean contentAccess = req.bool("include_can_access_content", false);
        if (allActive && !me.isAdmin()) throw CommonErrors.userNotAuthorizedForQuery();
        return queries.streams(me, new ChannelQueries.StreamFilter(pub, webPublic, subscribed, excludeArchived, all, defaults,
                ownerSubscribed, contentAccess));
    }

    public Object one(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        return queries.stream(me, id);
    }

    public Object idByName(Request req) {
        User me = req.user();
        String name = req.str("stream");
        return Json.success().put("stream_id", queries.idByName(me, name));
    }

    public Object members(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        ObjectNode r = Json.success();
        r.set("subscribers", Json.tree(queries.subscribers(me, id)));
        return r;
    }

    public Object status(Request req) {
        User me = req.user();
        long userId = req.pathLong("user_id");
        long id = req.pathLong("stream_id");
        return Json.success().put("is_subscribed", queries.isSubscribed(me, userId, id));
    }

    public Object topics(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        boolean allowEmpty = req.bool("allow_empty_topic_name", false);
        return queries.topics(me, id, allowEmpty);
    }


    /**
     * GET /streams/{id}/email_address: for those who may post there (Zulip 12, level 448), with
     * sender_id the caller, Zulip's email gateway (the default) or a bot the caller administers.
     */
    public Object emailAddress(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        Long senderId = req.optLong("sender_id").orElse(null);
        return Json.success().put("email", queries.emailAddress(me, id, senderId));
    }
}
