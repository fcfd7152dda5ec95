package dev.stoa.queues;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.Map;
import java.util.Set;

/**
 * Initial state of features whose data cannot exist yet because nothing can create it: the
 * truthful empty value of each key. A feature that lands removes its keys here and registers
 * its own contributor.
 */
public final class NotYetBuiltState implements StateContributor {
    private static final Map<String, String> EMPTY = new java.util.LinkedHashMap<>();

    static {
        EMPTY.put("alert_words", "alert_words=[]");
        EMPTY.put("drafts", "drafts=[]");
        EMPTY.put("muted_users", "muted_users=[]");
        EMPTY.put("user_topic", "user_topics=[]");
        EMPTY.put("realm_domains", "realm_domains=[]");
        EMPTY.put("realm_emoji", "realm_emoji={}");
        EMPTY.put("realm_linkifiers", "realm_linkifiers=[]");
        EMPTY.put("realm_filters", "realm_filters=[]");
        EMPTY.put("realm_playgrounds", "realm_playgrounds=[]");
        EMPTY.put("saved_snippets", "saved_snippets=[]");
        EMPTY.put("navigation_views", "navigation_views=[]");
        EMPTY.put("default_stream_groups", "realm_default_stream_groups=[]");
        EMPTY.put("user_status", "user_status={}");
        EMPTY.put("onboarding_steps", "onboarding_steps=[]");
        EMPTY.put("scheduled_messages", "scheduled_messages=[]");
        EMPTY.put("realm_embedded_bots", "realm_embedded_bots=[]");
        EMPTY.put("realm_incoming_webhook_bots", "realm_incoming_webhook_bots=[]");
        EMPTY.put("stop_words", "stop_words=[]");
    }

    @Override
    public Set<String> eventTypes() {
        var types = new java.util.HashSet<>(EMPTY.keySet());
        types.addAll(Set.of("presence", "video_calls", "has_meeting_token", "realm"));
        return types;
    }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        Set<String> wanted = ctx.options().spec().eventTypes();
        EMPTY.forEach((type, keys) -> {
            if (wanted != null && !wanted.contains(type)) return;
            for (String kv : keys.split(";")) {
                String[] p = kv.split("=", 2);
                state.set(p[0], Json.parse(p[1]));
            }
        });
        if (wanted == null || wanted.contains("presence")) {
            state.set("presences", Json.object());
            state.put("server_timestamp", System.currentTimeMillis() / 1000.0);
            state.put("presence_last_update_id", -1);
        }
        if (wanted == null || wanted.contains("video_calls") || wanted.contains("has_meeting_token")) {
            state.put("has_zoom_token", false);
            state.put("has_meeting_token", false);
        }
        if (wanted == null || wanted.contains("realm")) {
            state.set("server_report_message_types", Json.parse("[{\"key\":\"spam\",\"name\":\"Spam\"},{\"key\":\"harassment\",\"name\":\"Harassment\"},"
                    + "{\"key\":\"inappropriate\",\"name\":\"Inappropriate content\"},{\"key\":\"norms\",\"name\":\"Violates community norms\"},"
                    + "{\"key\":\"other\",\"name\":\"Other reason\"}]"));
        }
    }
}
