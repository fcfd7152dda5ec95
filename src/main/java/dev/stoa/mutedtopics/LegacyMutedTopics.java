package dev.stoa.mutedtopics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.OrgEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import dev.stoa.topics.UserTopicStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * The legacy muted_topics list, as Zulip still serves it to clients that ask for muted_topics
 * without user_topic (zulip-terminal reads it unconditionally): [channel name, topic, muted at]
 * for every muted topic (policy 1) in a channel that is not archived.
 */
public final class LegacyMutedTopics {
    static final int MUTED = 1;

    private final UserTopicStore topics;
    private final ChannelStore channels;
    private final EventLog log;

    public LegacyMutedTopics(UserTopicStore topics, ChannelStore channels, EventLog log) {
        this.topics = topics;
        this.channels = channels;
        this.log = log;
    }

    /** The list; the empty topic stays "" (Delivery and register show it by name to clients without empty_topic_name). */
    public ArrayNode list(Handle h, long userId) {
        List<UserTopicStore.Policy> muted = topics.policies(h, userId).stream().filter(p -> p.visibilityPolicy() == MUTED).toList();
        ArrayNode out = Json.array();
        if (muted.isEmpty()) return out;
        Map<Long, Channel> byId = new HashMap<>();
        for (Channel c : channels.byIds(h, muted.stream().map(UserTopicStore.Policy::streamId).distinct().toList())) byId.put(c.id(), c);
        for (UserTopicStore.Policy p : muted) {
            Channel c = byId.get(p.streamId());
            if (c == null || c.isArchived()) continue;
            out.addArray().add(c.name()).add(p.topic()).add(p.lastUpdated());
        }
        return out;
    }

    /** Sends the user's clients the whole list (UserTopicActions' LegacyAnnouncer). */
    public void announce(Tx tx, long userId) {
        log.append(tx, new OrgEvent.MutedTopics(list(tx.h(), userId)), Recipients.users(userId));
    }
}
