package dev.stoa.mutedtopics;

import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.channels.ChannelErrors;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.realm.Realm;
import dev.stoa.topics.TopicErrors;
import dev.stoa.topics.UserTopicActions;
import java.util.Optional;

/**
 * The legacy PATCH /users/me/subscriptions/muted_topics: op add mutes a topic, op remove takes its
 * policy away (unfollowing a followed one too, as Zulip), by channel name or id; the change itself
 * is POST /user_topics' action, with its events.
 */
public final class MutedTopicViews {
    private final MutedTopicQueries queries;
    private final UserTopicActions actions;

    public MutedTopicViews(MutedTopicQueries queries, UserTopicActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object update(Request req) {
        User me = req.user();
        String op = req.str("op");
        if (!op.equals("add") && !op.equals("remove")) throw MutedTopicErrors.invalidOp();
        String topic = topic(req.str("topic"));
        Optional<String> name = req.optStr("stream");
        Optional<Long> id = req.optLong("stream_id");
        if (name.isEmpty() && id.isEmpty()) throw ChannelErrors.missingStreamIdArgument();
        if (name.isPresent() && id.isPresent()) {
            throw MutedTopicErrors.streamIdAndStreamTogether().with("parameters", "stream_id, stream");
        }
        boolean add = op.equals("add");
        long channelId = name.isPresent() ? byName(name.get(), add) : id.get();
        // Removing needs only a channel that exists (a user may unmute in a channel they left); adding, access.
        if (!add && id.isPresent() && !queries.channelExists(channelId)) throw notMuted();
        // Addressed by name, a channel the user may not reach is refused by that name, as Zulip.
        actions.checkSetPolicy(me, new UserTopicActions.TopicPolicy(channelId, topic, add ? LegacyMutedTopics.MUTED : 0),
                name.isPresent() ? () -> invalidName(name.get()) : ChannelAccess::invalidId);
        return Json.success();
    }

    private long byName(String name, boolean add) {
        Optional<Channel> c = queries.channelByName(name);
        if (c.isEmpty()) throw add ? invalidName(name) : notMuted();
        return c.get().id();
    }

    private static String topic(String raw) {
        String t = raw.strip();
        if (t.codePointCount(0, t.length()) > Realm.MAX_TOPIC_LENGTH) {
            throw TopicErrors.topicTooLong(Realm.MAX_TOPIC_LENGTH);
        }
        if (t.indexOf('\0') >= 0) throw TopicErrors.topicContainsNull();
        return t.equals(Realm.EMPTY_TOPIC_DISPLAY_NAME) ? "" : t;
    }

    private static ApiError invalidName(String name) {
        return ChannelErrors.invalidChannelName(name);
    }

    private static ApiError notMuted() {
        return MutedTopicErrors.topicIsNotMuted();
    }
}
