package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Zulip's verify_action discipline: register, run an action, read its events from the real queue,
 * validate each against the /events schema, require the stated number (and types) of events,
 * apply them to the old state, require that this changes the state (unless the test says it must
 * not: reactions, typing, attachments are not part of register's state), and require the result
 * to equal a fresh register state. Defaults as Zulip's: one event, and a state change.
 * <pre>
 * VerifyAction.verify(admin, () -> ...);                                    // 1 event, changes state
 * VerifyAction.as(admin).events(3).run(() -> ...);                          // 3 events
 * VerifyAction.as(admin).events("typing").noStateChange().run(() -> ...);   // 1 typing event, state as before
 * VerifyAction.as(admin).register("event_types", List.of("message")).events(0).noStateChange().run(...);
 * VerifyAction.as(member).plusState(c -> c.get("/attachments").success()).events("attachment/add").run(...);
 * </pre>
 */
public final class VerifyAction {
    /** Keys that legitimately differ between two register calls. */
    private static final Set<String> VOLATILE = Set.of("queue_id", "last_event_id", "server_timestamp", "result", "msg",
            "presences", "presence_last_update_id");
    /** Arrays of objects whose order is part of the state. */
    private static final Set<String> ORDERED = Set.of("realm_linkifiers", "realm_filters");
    /** A drain that finds events for this long is an action or queue that never stops producing. */
    private static final long DRAIN_DEADLINE_NANOS = 30_000_000_000L;

    private final ApiClient viewer;
    private Object[] registerParams = {};
    private int expectedCount = 1;
    private List<String> expectedTypes;
    private boolean stateChange = true;
    private Function<ApiClient, JsonNode> extraState;

    private VerifyAction(ApiClient viewer) {
        this.viewer = viewer;
    }

    /** As `viewer`, expecting exactly one event that changes the state. */
    public static List<JsonNode> verify(ApiClient viewer, Runnable action) {
        return as(viewer).run(action);
    }

    /** As `viewer`, registering with the given parameters, expecting exactly one event that changes the state. */
    public static List<JsonNode> verify(ApiClient viewer, Object[] registerParams, Runnable action) {
        return as(viewer).register(registerParams).run(action);
    }

    /** A verification seen by `viewer`'s queue; state what to expect, then {@link #run}. */
    public static VerifyAction as(ApiClient viewer) {
        return new VerifyAction(viewer);
    }

    /** Register (both times) with these parameters (name, value, ...). */
    public VerifyAction register(Object... params) {
        this.registerParams = params;
        return this;
    }

    /** Exactly n events (0: the viewer must hear nothing). */
    public VerifyAction events(int n) {
        this.expectedCount = n;
        this.expectedTypes = null;
        return this;
    }

    /** Exactly these events, in this order: each "type" or "type/op". */
    public VerifyAction events(String... typeOrTypeOps) {
        this.expectedCount = typeOrTypeOps.length;
        this.expectedTypes = List.of(typeOrTypeOps);
        return this;
    }

    /** The events carry nothing register's state holds (Zulip's state_change_expected=False): applying them must change nothing. */
    public VerifyAction noStateChange() {
        this.stateChange = false;
        return this;
    }

    /**
     * Also state what `fetch` answers (its fields join register's, before and after): data clients
     * keep up to date from events though register does not hand it out, as GET /attachments.
     */
    public VerifyAction plusState(Function<ApiClient, JsonNode> fetch) {
        this.extraState = fetch;
        return this;
    }

    private ObjectNode state() {
        ObjectNode s = (ObjectNode) viewer.post("/register", registerParams).success();
        if (extraState != null) {
            extraState.apply(viewer).properties().forEach(p -> {
                if (!p.getKey().equals("result") && !p.getKey().equals("msg")) s.set(p.getKey(), p.getValue());
            });
        }
        return s;
    }

    /** Runs the action and checks its events; returns them. */
    public List<JsonNode> run(Runnable action) {
        ObjectNode before = state();
        action.run();
        List<JsonNode> events = drain(viewer, before.get("queue_id").asText(), before.get("last_event_id").asLong());
        events.forEach(ContractValidator.get()::validateEvent);
        checkEvents(events);
        ObjectNode state = before.deepCopy();
        state.put(EventApplier.CLIENT_GRAVATAR, clientGravatar());
        for (JsonNode e : events) EventApplier.apply(state, e);
        state.remove(EventApplier.CLIENT_GRAVATAR);
        // the old state and its copy differ only where events changed it: even "volatile" keys count here
        JsonNode old = sorted(before), changed = sorted(state);
        if (stateChange && old.equals(changed)) {
            throw new AssertionError("the events leave the register state unchanged, so this test cannot tell whether they"
                    + " are applied: make the action change the state, or declare noStateChange()\nevents: " + events);
        }
        if (!stateChange) requireEqual(old, changed, "noStateChange() was declared, but the events change the register state", events);
        ObjectNode after = state();
        requireEqual(normalize(after), normalize(state), "register state + events != fresh register state", events);
        return events;
    }

    /** Whether the registration asked the server to leave Gravatar URLs to the client (Zulip's default: yes). */
    private boolean clientGravatar() {
        for (int i = 0; i + 1 < registerParams.length; i += 2) {
            String name = String.valueOf(registerParams[i]);
            if (name.equals("client_public_avatar") || name.equals("client_gravatar")) return Boolean.parseBoolean(String.valueOf(registerParams[i + 1]));
        }
        return true;
    }

    private void checkEvents(List<JsonNode> events) {
        List<String> got = types(events);
        boolean typesMatch = expectedTypes == null || events.size() == expectedTypes.size() && matches(got);
        if (events.size() != expectedCount || !typesMatch) {
            throw new AssertionError("expected " + (expectedTypes == null ? expectedCount + " event(s)" : expectedTypes) + " but the queue got "
                    + events.size() + ": " + got + "\nevents: " + events);
        }
    }

    private boolean matches(List<String> got) {
        for (int i = 0; i < got.size(); i++) {
            String want = expectedTypes.get(i);
            if (!got.get(i).equals(want) && !got.get(i).startsWith(want + "/")) return false;
        }
        return true;
    }

    /** Each event as "type" or "type/op", in order. */
    public static List<String> types(List<JsonNode> events) {
        return events.stream().map(VerifyAction::typeOp).toList();
    }

    private static String typeOp(JsonNode e) {
        String type = e.path("type").asText();
        return e.has("op") ? type + "/" + e.get("op").asText() : type;
    }

    private static void requireEqual(JsonNode expected, JsonNode actual, String what, List<JsonNode> events) {
        List<String> diff = new ArrayList<>();
        diff("", expected, actual, diff);
        if (!diff.isEmpty()) throw new AssertionError(what + ":\n  " + String.join("\n  ", diff) + "\nevents: " + events);
    }

    /** Every event waiting in the queue (events are published before the action's response returns). */
    public static List<JsonNode> drain(ApiClient viewer, String queueId, long lastEventId) {
        List<JsonNode> out = new ArrayList<>();
        long last = lastEventId;
        long deadline = System.nanoTime() + DRAIN_DEADLINE_NANOS;
        while (System.nanoTime() < deadline) {
            JsonNode r = viewer.get("/events", "queue_id", queueId, "last_event_id", String.valueOf(last), "dont_block", "true").success();
            if (r.get("events").isEmpty()) return out;
            for (JsonNode e : r.get("events")) {
                out.add(e);
                last = Math.max(last, e.get("id").asLong());
            }
        }
        throw new AssertionError("the queue kept producing events for 30 s: " + out.size() + " so far, the last " + out.getLast());
    }

    /** Lists where `applied` (state + events) differs from `expected` (a fresh register, or the old state), at most 30 places. */
    static void diff(String path, JsonNode expected, JsonNode applied, List<String> out) {
        if (out.size() >= 30 || expected.equals(applied)) return;
        if (expected.isObject() && applied != null && applied.isObject()) {
            Set<String> keys = new TreeSet<>();
            expected.fieldNames().forEachRemaining(keys::add);
            applied.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                if (!applied.has(k)) out.add(path + "/" + k + ": missing from state+events (expected: " + clip(expected.get(k)) + ")");
                else if (!expected.has(k)) out.add(path + "/" + k + ": not expected (state+events: " + clip(applied.get(k)) + ")");
                else diff(path + "/" + k, expected.get(k), applied.get(k), out);
            }
        } else if (expected.isArray() && applied != null && applied.isArray() && expected.size() == applied.size()) {
            for (int i = 0; i < expected.size(); i++) diff(path + "/" + i, expected.get(i), applied.get(i), out);
        } else {
            out.add(path + ": expected " + clip(expected) + " but state+events " + clip(applied));
        }
    }

    private static String clip(JsonNode n) {
        String s = String.valueOf(n);
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    /** Drops volatile keys and sorts arrays of objects by their id, so order of equal sets does not matter. */
    static JsonNode normalize(ObjectNode state) {
        ObjectNode s = (ObjectNode) sorted(state);
        VOLATILE.forEach(s::remove);
        return s;
    }

    private static JsonNode sorted(ObjectNode state) {
        ObjectNode s = state.deepCopy();
        sortArrays(s);
        return s;
    }

    /**
     * Sorts arrays of objects by id and makes every integer a long (1 from an event equals 1 from register).
     * Arrays whose order is their meaning (linkifiers apply in list order) keep it.
     */
    private static void sortArrays(JsonNode n) {
        sortArrays(n, true);
    }

    private static void sortArrays(JsonNode n, boolean sortThis) {
        if (n instanceof ObjectNode o) {
            o.properties().forEach(e -> {
                if (e.getValue().isIntegralNumber()) e.setValue(o.numberNode(e.getValue().longValue()));
                else sortArrays(e.getValue(), !ORDERED.contains(e.getKey()));
            });
        } else if (n instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) if (a.get(i).isIntegralNumber()) a.set(i, a.numberNode(a.get(i).longValue()));
            a.forEach(VerifyAction::sortArrays);
            List<JsonNode> items = new ArrayList<>();
            a.forEach(items::add);
            if (sortThis && items.stream().allMatch(JsonNode::isObject)) {
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
