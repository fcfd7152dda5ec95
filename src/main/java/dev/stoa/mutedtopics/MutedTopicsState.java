package dev.stoa.mutedtopics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/**
 * register's legacy muted_topics. As Zulip: left out for clients that fetch user_topic too (unless
 * they registered for every event type), so that a client asking for both gets only the new form.
 */
public final class MutedTopicsState implements StateContributor {
    private final LegacyMutedTopics legacy;

    public MutedTopicsState(LegacyMutedTopics legacy) {
        this.legacy = legacy;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("muted_topics"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        if (!ctx.fetches("muted_topics")) return;
        if (ctx.options().spec().eventTypes() != null && ctx.fetches("user_topic")) return;
        ArrayNode list = ctx.userId() == null ? Json.array() : legacy.list(ctx.h(), ctx.userId());
        if (!ctx.options().can("empty_topic_name")) MutedTopicsDelivery.showEmptyTopic(list);
        state.set("muted_topics", list);
    }
}
