package dev.stoa.queues;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** POST /register, GET /events and DELETE /events. */
public final class RegisterViews {
    /** Register's narrow, checked as the messages feature's queues can match it (its errors are Zulip's), and normalized. */
    @FunctionalInterface
    public interface NarrowCheck {
        JsonNode checked(JsonNode narrow);
    }


    private final RegisterQueries queries;
    private final EventQueues queues;
    private final Map<String, String> serverInfo;
    /** The messages feature's check of a narrow for queues: the form the queue keeps, or an ApiError. */
    private final NarrowCheck narrowCheck;

    public RegisterViews(RegisterQueries queries, EventQueues queues, Map<String, String> serverInfo, NarrowCheck narrowCheck) {
        this.queries = queries;
        this.queues = queues;
        this.serverInfo = serverInfo;
        this.narrowCheck = narrowCheck;
    }

    public Object register(Request req) {
        User user = req.user();
        Long userId = user == null ? null : user.id();
        RegisterOptions opts = options(req, user != null);
        if (opts.allPublicStreams() && (user == null || user.isGuest())) {
            throw ApiError.bad("User not authorized for this query");
        }
        Set<String> fetch = stringSet(req, "fetch_event_types");
        if (fetch == null) fetch = opts.spec().eventTypes();
        long idle = idleTimeout(req);
        Set<String> fetchTypes = fetch;
        ObjectNode state = Json.success();
        // One snapshot: contributors read it, and the log-fed caches answer as of its log head
        // (LogFollower.readingAt), which is where the queue starts: every change is in the state or
        // in the queue, once.
        long head = queries.snapshot(user, opts, fetchTypes, state);
        if (userId == null) {
            state.putNull("queue_id");
        } else {
            EventQueue q = queues.create(userId, opts.spec(), idle, head);
            state.put("queue_id", q.id());
        }
        state.put("last_event_id", head);
        state.put("event_queue_longpoll_timeout_seconds", EventQueues.LONGPOLL_TIMEOUT_SECONDS);
        state.put("idle_queue_timeout_secs", idle);
        serverInfo.forEach(state::put);
        state.put("zulip_feature_level", Integer.parseInt(serverInfo.get("zulip_feature_level")));
        return state;
    }

    /**
     * An integer, or Zulip's "mobile" (JSON-encoded, as Zulip's Json[int | Literal["mobile"]] reads it):
     * the longer lifetime Zulip gives its mobile apps' queues (MOBILE_EVENT_QUEUE_TIMEOUT_SECS).
     */
    private static long idleTimeout(Request req) {
        String raw = req.raw("idle_queue_timeout");
        if (raw != null && Json.parseOrNull(raw) instanceof JsonNode n && n.isTextual() && n.asText().equals("mobile")) {
            return EventQueues.MOBILE_IDLE_SECS;
        }
        long idle = req.lng("idle_queue_timeout", EventQueues.DEFAULT_IDLE_SECS);
        if (idle <= 0) throw ApiError.bad("idle_queue_timeout is too small");
        if (idle > EventQueues.MAX_IDLE_SECS) throw ApiError.bad("idle_queue_timeout is too large");
        return idle;
    }

    private RegisterOptions options(Request req, boolean authenticated) {
        String avatarParam = req.has("client_public_avatar") ? "client_public_avatar" : "client_gravatar";
        boolean publicAvatar = req.bool(avatarParam, authenticated);
        String subs = req.str("include_subscribers", "false");
        if (!Set.of("true", "false", "partial").contains(subs)) throw ApiError.invalid("include_subscribers");
        if (!authenticated && publicAvatar) {
            throw ApiError.bad("Invalid '" + avatarParam + "' parameter for anonymous request");
        }
        if (!authenticated && !"false".equals(subs)) {
            throw ApiError.bad("Invalid 'include_subscribers' parameter for anonymous request");
        }
        QueueSpec spec = new QueueSpec(stringSet(req, "event_types"), narrow(req), capabilities(req),
                req.bool("all_public_streams", false), req.bool("apply_markdown", false), publicAvatar,
                req.bool("slim_presence", false), req.clientName());
        int presenceDays = req.integer("presence_history_limit_days", 14);
        return new RegisterOptions(spec.applyMarkdown(), publicAvatar, subs, spec.slimPresence(), presenceDays,
                spec.allPublicStreams(), spec);
    }

    private static Set<String> stringSet(Request req, String name) {
        List<String> list = req.stringList(name);
        return list == null ? null : new LinkedHashSet<>(list);
    }

    private static Map<String, Boolean> capabilities(Request req) {
        JsonNode caps = req.jsonObject("client_capabilities");
        Map<String, Boolean> out = new HashMap<>();
        if (caps == null) return out;
        for (var e : caps.properties()) {
            if (!e.getValue().isBoolean()) throw ApiError.bad("client_capabilities[\"" + e.getKey() + "\"] is not a boolean");
            if (QueueSpec.CAPABILITIES.contains(e.getKey())) out.put(e.getKey(), e.getValue().booleanValue());
        }
        return out;
    }

    /** [[operator, operand], ...] or [{operator, operand, negated}, ...], checked by the messages feature. */
    private JsonNode narrow(Request req) {
        JsonNode n = req.jsonArray("narrow");
        return n == null ? Json.array() : narrowCheck.checked(n);
    }

    public Object events(Request req) throws InterruptedException {
        String queueId = req.str("queue_id");
        long lastEventId = req.lng("last_event_id", -1);
        boolean dontBlock = req.bool("dont_block", false);
        EventQueue q = queues.get(queueId, req.user().id());
        List<ObjectNode> events = queues.poll(q, lastEventId, dontBlock);
        ObjectNode out = Json.success();
        out.set("events", Delivery.array(events));
        return out;
    }

    public Object deleteQueue(Request req) {
        EventQueue q = queues.get(req.str("queue_id"), req.user().id());
        queues.delete(q);
        return Json.success();
    }
}
