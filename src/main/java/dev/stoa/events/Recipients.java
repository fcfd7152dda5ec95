package dev.stoa.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Who may receive an event, chosen by the action before it mutates anything: explicit user ids,
 * or every active user of the realm. {@code publicChannel} marks a message in a public channel,
 * which queues registered with all_public_streams also receive.
 */
public sealed interface Recipients {
    boolean accepts(Long userId, boolean allPublicStreams);

    JsonNode toJson();

    record Users(long[] sortedIds, boolean publicChannel) implements Recipients {
        @Override
        public boolean accepts(Long userId, boolean allPublicStreams) {
            if (publicChannel && allPublicStreams) return true;
            return userId != null && Arrays.binarySearch(sortedIds, userId) >= 0;
        }

        @Override
        public JsonNode toJson() {
            ObjectNode n = Json.object();
            n.set("users", Json.tree(sortedIds));
            if (publicChannel) n.put("public_channel", true);
            return n;
        }
    }

    /** Every user of the realm (active ones; a deactivated user has no queue). */
    record AllUsers() implements Recipients {
        @Override
        public boolean accepts(Long userId, boolean allPublicStreams) { return userId != null; }

        @Override
        public JsonNode toJson() {
            return Json.object().put("rule", "all");
        }
    }

    /** Every user but a few (the restricted guests who may not see an event's subject). */
    record AllExcept(long[] sortedIds) implements Recipients {
        @Override
        public boolean accepts(Long userId, boolean allPublicStreams) {
            return userId != null && Arrays.binarySearch(sortedIds, userId) < 0;
        }

        @Override
        public JsonNode toJson() {
            ObjectNode n = Json.object().put("rule", "all");
            n.set("except", Json.tree(sortedIds));
            return n;
        }
    }

    static Recipients users(Collection<Long> ids) {
        return new Users(ids.stream().mapToLong(Long::longValue).distinct().sorted().toArray(), false);
    }

    static Recipients users(long... ids) {
        return new Users(Arrays.stream(ids).distinct().sorted().toArray(), false);
    }

    static Recipients channelMessage(Collection<Long> ids, boolean publicChannel) {
        return new Users(ids.stream().mapToLong(Long::longValue).distinct().sorted().toArray(), publicChannel);
    }

    static Recipients all() { return new AllUsers(); }

    /** No queue: an internal entry that only the log-fed caches read. */
    static Recipients nobody() { return new Users(new long[0], false); }

    static Recipients allExcept(Collection<Long> ids) {
        return new AllExcept(ids.stream().mapToLong(Long::longValue).distinct().sorted().toArray());
    }

    static Recipients fromJson(JsonNode n) {
        if (n.has("except")) return allExcept(longs(n.get("except")));
        if (n.has("rule")) return all();
        long[] ids = new long[n.get("users").size()];
        for (int i = 0; i < ids.length; i++) ids[i] = n.get("users").get(i).longValue();
        return new Users(ids, n.path("public_channel").asBoolean(false));
    }

    private static List<Long> longs(JsonNode a) {
        List<Long> out = new ArrayList<>(a.size());
        for (JsonNode x : a) out.add(x.longValue());
        return out;
    }
}
