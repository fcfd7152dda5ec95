package dev.stoa.topics;

import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.realm.Realm;
import dev.stoa.identity.User;

/** POST /user_topics, POST/DELETE /users/me/muted_users/{muted_user_id}, and register's user_topics and muted_users. */
public final class UserTopicViews {
    private final UserTopicActions actions;

    public UserTopicViews(UserTopicActions actions) {
        this.actions = actions;
    }

    public Object setPolicy(Request req) {
        User me = req.user();
        long streamId = req.lng("stream_id");
        String topic = req.str("topic").strip();
        long policy = req.lng("visibility_policy");
        if (policy < 0 || policy > 3) throw TopicErrors.invalidVisibilityPolicy();
        if (topic.codePointCount(0, topic.length()) > Realm.MAX_TOPIC_LENGTH) {
            throw TopicErrors.topicTooLong(Realm.MAX_TOPIC_LENGTH);
        }
        if (topic.indexOf('\0') >= 0) throw TopicErrors.topicContainsNull();
        String name = topic.equals(Realm.EMPTY_TOPIC_DISPLAY_NAME) ? "" : topic;
        actions.checkSetPolicy(me, new UserTopicActions.TopicPolicy(streamId, name, (int) policy));
        return Json.success();
    }

    /** The path's user id, or -1 (no such user) when it is not a number. */
    private static long target(Request req) {
        try {
            return Long.parseLong(req.pathParam("muted_user_id"));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public Object mute(Request req) {
        actions.checkMute(req.user(), target(req));
        return Json.success();
    }

    public Object unmute(Request req) {
        actions.checkUnmute(req.user(), target(req));
        return Json.success();
    }
}
