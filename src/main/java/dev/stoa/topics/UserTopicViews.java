package dev.stoa.topics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.realm.Realm;
import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.util.Set;

/** POST /user_topics, POST/DELETE /users/me/muted_users/{muted_user_id}, and register's user_topics and muted_users. */
public final class UserTopicViews {
    private final Db db;
    private final UserTopicStore store;
    private final UserTopicActions actions;
    private final UserStore users;
    private final ChannelAccess channels;

    public UserTopicViews(Db db, UserTopicStore store, UserTopicActions actions, UserStore users, ChannelAccess channels) {
        this.db = db;
        this.store = store;
        this.actions = actions;
        this.users = users;
        this.channels = channels;
    }

    public Object setPolicy(Request req) {
        User me = req.user();
        long streamId = req.lng("stream_id");
        String topic = req.str("topic").strip();
        long policy = req.lng("visibility_policy");
        if (policy < 0 || policy > 3) throw ApiError.bad("Invalid visibility_policy");
        if (topic.codePointCount(0, topic.length()) > Realm.MAX_TOPIC_LENGTH) {
            throw ApiError.bad("topic is too long (limit: " + Realm.MAX_TOPIC_LENGTH + " characters)");
        }
        if (topic.indexOf('\0') >= 0) throw ApiError.bad("Topic must not contain null bytes");
        String name = topic.equals(Realm.EMPTY_TOPIC_DISPLAY_NAME) ? "" : topic;
        db.read(h -> {
            // Zulip lets a user remove a policy in a channel they can no longer access, if they had one.
            boolean removingExisting = policy == 0 && store.policy(h, me.id(), streamId, name).isPresent();
            if (!removingExisting) channels.check(h, me, streamId);
            return null;
        });
        actions.doSetPolicy(me.id(), streamId, name, (int) policy);
        return Json.success();
    }

    private long target(Request req) {
        try {
            long id = Long.parseLong(req.pathParam("muted_user_id"));
            User u = db.read(h -> users.byId(h, id)).orElseThrow(() -> ApiError.bad("No such user"));
            return u.id();
        } catch (NumberFormatException e) {
            throw ApiError.bad("No such user");
        }
    }

    public Object mute(Request req) {
        User me = req.user();
        String raw = req.pathParam("muted_user_id");
        if (raw.equals(String.valueOf(me.id()))) throw ApiError.bad("Cannot mute self");
        actions.doMute(me.id(), target(req));
        return Json.success();
    }

    public Object unmute(Request req) {
        User me = req.user();
        actions.doUnmute(me.id(), target(req));
        return Json.success();
    }
}
