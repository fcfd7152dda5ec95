package dev.stoa.testing;

import static dev.stoa.testing.EventApplier.on;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a client applies stream, subscription, default_streams and channel_folder events to
 * subscriptions / unsubscribed / never_subscribed / streams / realm_default_streams /
 * channel_folders. Subscriber lists are kept only when the state has them (include_subscribers).
 */
final class ChannelAppliers {
    private static final List<String> SUB_LISTS = List.of("subscriptions", "unsubscribed", "never_subscribed");
    private static final List<String> ALL_LISTS = List.of("subscriptions", "unsubscribed", "never_subscribed", "streams");

    private ChannelAppliers() {}

    static void register() {
        on("stream/create", ChannelAppliers::create);
        on("stream/delete", (s, e) -> {
            for (JsonNode id : e.get("stream_ids")) for (String l : ALL_LISTS) remove(s, l, id.asLong());
        });
        on("stream/update", ChannelAppliers::update);
        on("subscription/add", ChannelAppliers::add);
        on("subscription/remove", ChannelAppliers::removeSub);
        on("subscription/update", (s, e) -> {
            ObjectNode sub = find(s, "subscriptions", e.get("stream_id").asLong());
            if (sub == null) throw new AssertionError("subscription update for a channel not subscribed: " + e);
            sub.set(e.get("property").asText(), e.get("value"));
        });
        on("subscription/peer_add", (s, e) -> peers(s, e, true));
        on("subscription/peer_remove", (s, e) -> peers(s, e, false));
        on("default_streams", (s, e) -> s.set("realm_default_streams", e.get("default_streams")));
        on("channel_folder/add", (s, e) -> EventApplier.array(s, "channel_folders").add(e.get("channel_folder")));
        on("channel_folder/update", (s, e) -> EventApplier.mergeInto(
                EventApplier.findById(EventApplier.array(s, "channel_folders"), "id", e.get("channel_folder_id").asLong()),
                (ObjectNode) e.get("data")));
        on("channel_folder/reorder", (s, e) -> {
            ArrayNode folders = EventApplier.array(s, "channel_folders");
            int i = 0;
            for (JsonNode id : e.get("order")) EventApplier.findById(folders, "id", id.asLong()).put("order", i++);
        });
    }

    /** Whether the state was registered with include_subscribers (some channel object carries subscribers). */
    private static boolean withSubscribers(ObjectNode s) {
        for (String l : SUB_LISTS) for (JsonNode o : s.path(l)) if (o.has("subscribers")) return true;
        return false;
    }

    private static void create(ObjectNode s, ObjectNode e) {
        boolean subsKept = withSubscribers(s);
        for (JsonNode st : e.get("streams")) {
            long id = st.get("stream_id").asLong();
            if (s.has("streams") && find(s, "streams", id) == null) ((ArrayNode) s.get("streams")).add(st.deepCopy());
            if (!s.has("never_subscribed") || find(s, "subscriptions", id) != null || find(s, "unsubscribed", id) != null) continue;
            ObjectNode n = st.deepCopy();
            if (subsKept) n.set("subscribers", Json.array());
            ((ArrayNode) s.get("never_subscribed")).add(n);
        }
    }

    private static void update(ObjectNode s, ObjectNode e) {
        long id = e.get("stream_id").asLong();
        String property = e.get("property").asText();
        for (String l : ALL_LISTS) {
            ObjectNode o = find(s, l, id);
            if (o == null) continue;
            o.set(property, e.get("value"));
            for (String with : new String[] {"rendered_description", "history_public_to_subscribers", "is_web_public"}) {
                if (e.has(with)) o.set(with, e.get(with));
            }
        }
    }

    private static void add(ObjectNode s, ObjectNode e) {
        boolean subsKept = withSubscribers(s);
        for (JsonNode sub : e.get("subscriptions")) {
            long id = sub.get("stream_id").asLong();
            remove(s, "unsubscribed", id);
            remove(s, "never_subscribed", id);
            ObjectNode copy = sub.deepCopy();
            if (!subsKept) copy.remove("subscribers");
            ((ArrayNode) s.get("subscriptions")).add(copy);
            // the channel's count now includes the user (no peer_add comes to the user itself)
            ObjectNode stream = find(s, "streams", id);
            if (stream != null) stream.set("subscriber_count", sub.get("subscriber_count"));
        }
    }

    private static boolean hasAnyChannel(ObjectNode s) {
        for (String l : SUB_LISTS) if (!s.path(l).isEmpty()) return true;
        return false;
    }

    private static void removeSub(ObjectNode s, ObjectNode e) {
        long me = s.path("user_id").asLong();
        for (JsonNode r : e.get("subscriptions")) {
            long id = r.get("stream_id").asLong();
            ObjectNode sub = find(s, "subscriptions", id);
            if (sub == null) throw new AssertionError("subscription remove for a channel not subscribed: " + e);
            remove(s, "subscriptions", id);
            if (sub.has("subscribers")) sub.set("subscribers", minus(sub.get("subscribers"), Set.of(me)));
            ((ArrayNode) s.get("unsubscribed")).add(sub);
            // the user hears no peer_remove of itself: its copies of the channel count one fewer
            for (String l : ALL_LISTS) {
                ObjectNode o = find(s, l, id);
                if (o != null && o.has("subscriber_count")) o.put("subscriber_count", o.get("subscriber_count").asInt() - 1);
            }
        }
    }

    private static void peers(ObjectNode s, ObjectNode e, boolean add) {
        Set<Long> users = new HashSet<>();
        for (JsonNode u : e.get("user_ids")) users.add(u.asLong());
        for (JsonNode id : e.get("stream_ids")) {
            // subscriber_count (Zulip's level 394), kept as Zulip's web client keeps it: each peer event adds or removes its users
            for (String l : ALL_LISTS) {
                ObjectNode o = find(s, l, id.asLong());
                if (o != null && o.has("subscriber_count")) o.put("subscriber_count", o.get("subscriber_count").asInt() + (add ? users.size() : -users.size()));
            }
            for (String l : SUB_LISTS) {
                ObjectNode o = find(s, l, id.asLong());
                // a large channel's partial list (include_subscribers=partial) follows peers like a full one
                String key = o == null ? null : o.has("subscribers") ? "subscribers" : o.has("partial_subscribers") ? "partial_subscribers" : null;
                if (key == null) continue;
                if (add) {
                    TreeSet<Long> all = new TreeSet<>(users);
                    for (JsonNode u : o.get(key)) all.add(u.asLong());
                    o.set(key, Json.tree(all));
                } else {
                    o.set(key, minus(o.get(key), users));
                }
            }
        }
    }

    private static ArrayNode minus(JsonNode ids, Set<Long> gone) {
        ArrayNode out = Json.array();
        for (JsonNode u : ids) if (!gone.contains(u.asLong())) out.add(u.asLong());
        return out;
    }

    static ObjectNode find(ObjectNode s, String list, long streamId) {
        if (!s.has(list)) return null;
        return EventApplier.findById((ArrayNode) s.get(list), "stream_id", streamId);
    }

    static void remove(ObjectNode s, String list, long streamId) {
        if (!s.has(list)) return;
        for (Iterator<JsonNode> it = s.get(list).iterator(); it.hasNext(); ) if (it.next().path("stream_id").asLong() == streamId) it.remove();
    }
}
