package dev.stoa.topics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import dev.stoa.realm.Realm;
import java.util.Set;

/** register's user_topics and muted_users. */
public final class UserTopicState implements StateContributor {
    private final UserTopicStore store;

    public UserTopicState(UserTopicStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("user_topic", "muted_users"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        ArrayNode topics = Json.array();
        boolean emptyName = ctx.options().can("empty_topic_name");
        if (ctx.userId() != null) {
            for (var p : store.policies(ctx.h(), ctx.userId())) {
                ObjectNode t = Json.object().put("stream_id", p.streamId()).put("topic_name", p.topic())
                        .put("last_updated", p.lastUpdated()).put("visibility_policy", p.visibilityPolicy());
                if (!emptyName && p.topic().isEmpty()) t.put("topic_name", Realm.EMPTY_TOPIC_DISPLAY_NAME);
                topics.add(t);
            }
        }
        state.set("user_topics", topics);
        state.set("muted_users", ctx.userId() == null ? Json.array() : UserTopicActions.mutedJson(store, ctx.h(), ctx.userId()));
    }
}
