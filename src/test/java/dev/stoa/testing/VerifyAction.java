package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Zulip's test_events discipline: register, run an action, read its events from the real queue,
 * validate each against the /events schema, apply them to the old state, and require the result
 * to equal a fresh register state.
 */
public final class VerifyAction {
    /** Keys that legitimately differ between two register calls. */
    private static final Set<String> VOLATILE = Set.of("queue_id", "last_event_id", "server_timestamp", "result", "msg",
            "presences", "presence_last_update_id");

    private VerifyAction() {}

    /** As `viewer`, with default register parameters. Returns the events the action produced. */
    public static List<JsonNode> verify(ApiClient viewer, Runnable action) {
        return verify(viewer, new Object[0], action);
    }

    /** As `viewer`, registering with the given parameters (name, value, ...). */
    public static List<JsonNode> verify(ApiClient viewer, Object[] registerParams, Runnable action) {
        ObjectNode before = (ObjectNode) viewer.post("/register", registerParams).success();
        action.run();
        List<JsonNode> events = drain(viewer, before.get("queue_id").asText(), before.get("last_event_id").asLong());
        ObjectNode state = before.deepCopy();
        for (JsonNode e : events) {
            ContractValidator.get().validateEvent(e);
            EventApplier.apply(state, e);
        }
        ObjectNode after = (ObjectNode) viewer.post("/register", registerParams).success();
        List<String> diff = new ArrayList<>();
        diff("", normalize(after), normalize(state), diff);
        if (!diff.isEmpty()) {
            throw new AssertionError("register state + events != fresh register state:\n  " + String.join("\n  ", diff)
                    + "\nevents: " + events);
        }
        return events;
    }

    /** Every event waiting in the queue (events are published before the action's response returns). */
    public static List<JsonNode> drain(ApiClient viewer, String queueId, long lastEventId) {
        List<JsonNode> out = new ArrayList<>();
        long last = lastEventId;
        while (true) {
            JsonNode r = viewer.get("/events", "queue_id", queueId, "last_event_id", String.valueOf(last), "dont_block", "true").success();
            if (r.get("events").isEmpty()) return out;
            for (JsonNode e : r.get("events")) {
                out.add(e);
                last = Math.max(last, e.get("id").asLong());
            }
        }
    }

    /** Lists where `applied` (state + events) differs from `fresh` (a new register), at most 30 places. */
    static void diff(String path, JsonNode fresh, JsonNode applied, List<String> out) {
        if (out.size() >= 30 || fresh.equals(applied)) return;
        if (fresh.isObject() && applied != null && applied.isObject()) {
            Set<String> keys = new java.util.TreeSet<>();
            fresh.fieldNames().forEachRemaining(keys::add);
            applied.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                if (!applied.has(k)) out.add(path + "/" + k + ": missing after applying events (fresh: " + clip(fresh.get(k)) + ")");
                else if (!fresh.has(k)) out.add(path + "/" + k + ": not in fresh state (applied: " + clip(applied.get(k)) + ")");
                else diff(path + "/" + k, fresh.get(k), applied.get(k), out);
            }
        } else if (fresh.isArray() && applied != null && applied.isArray() && fresh.size() == applied.size()) {
            for (int i = 0; i < fresh.size(); i++) diff(path + "/" + i, fresh.get(i), applied.get(i), out);
        } else {
            out.add(path + ": fresh " + clip(fresh) + " but state+events " + clip(applied));
        }
    }

    private static String clip(JsonNode n) {
        String s = String.valueOf(n);
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    /** Drops volatile keys and sorts arrays of objects by their id, so order of equal sets does not matter. */
    static JsonNode normalize(ObjectNode state) {
        ObjectNode s = state.deepCopy();
        VOLATILE.forEach(s::remove);
        sortArrays(s);
        return s;
    }

    /** Sorts arrays of objects by id and makes every integer a long (1 from an event equals 1 from register). */
    private static void sortArrays(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.properties().forEach(e -> {
                if (e.getValue().isIntegralNumber()) e.setValue(o.numberNode(e.getValue().longValue()));
                else sortArrays(e.getValue());
            });
        } else if (n instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) if (a.get(i).isIntegralNumber()) a.set(i, a.numberNode(a.get(i).longValue()));
            a.forEach(VerifyAction::sortArrays);
            List<JsonNode> items = new ArrayList<>();
            a.forEach(items::add);
            if (items.stream().allMatch(JsonNode::isObject)) {
                items.sort(Comparator.comparing(VerifyAction::sortKey));
                a.removeAll();
                items.forEach(a::add);
            }
        }
    }

    private static String sortKey(JsonNode o) {
        for (String k : new String[] {"id", "user_id", "stream_id", "group_id", "fragment", "key"}) {
            if (o.has(k)) return String.format("%s:%020d%s", k, o.get(k).asLong(), o.get(k).asText());
        }
        return o.toString();
    }
}
