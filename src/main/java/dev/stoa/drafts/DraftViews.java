package dev.stoa.drafts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}. */
public final class DraftViews {
    static final int MAX_MESSAGE_LENGTH = 10000;
    private static final Set<String> KEYS = Set.of("type", "to", "topic", "content", "timestamp", "id");

    private final DraftQueries queries;
    private final DraftActions actions;
    private final Clock clock;

    public DraftViews(DraftQueries queries, DraftActions actions, Clock clock) {
        this.queries = queries;
        this.actions = actions;
        this.clock = clock;
    }

    private static User me(Request req) {
        User me = req.user();
        if (!DraftActions.syncEnabled(me)) throw ApiError.bad("User has disabled synchronizing drafts.");
        return me;
    }

    public Object list(Request req) {
        User me = me(req);
        ArrayNode drafts = queries.all(me.id());
        ObjectNode out = Json.success();
        out.put("count", drafts.size());
        out.set("drafts", drafts);
        return out;
    }

    public Object create(Request req) {
        User me = me(req);
        JsonNode list = req.jsonArray("drafts");
        List<DraftActions.Draft> drafts = new ArrayList<>();
        if (list != null) {
            for (int i = 0; i < list.size(); i++) drafts.add(parse(list.get(i), "drafts[" + i + "]"));
        }
        List<Long> ids = drafts.isEmpty() ? List.of() : actions.checkCreate(me, drafts);
        ObjectNode out = Json.success();
        out.set("ids", Json.tree(ids));
        return out;
    }

    public Object edit(Request req) {
        User me = me(req);
        long id = id(req);
        JsonNode draft = req.jsonObject("draft");
        if (draft == null) throw ApiError.missing("draft");
        actions.checkEdit(me, id, parse(draft, "draft"));
        return Json.success();
    }

    public Object delete(Request req) {
        User me = me(req);
        actions.doDelete(me.id(), id(req));
        return Json.success();
    }

    private static long id(Request req) {
        try {
            return Long.parseLong(req.pathParam("draft_id"));
        } catch (NumberFormatException e) {
            throw DraftActions.notFound();
        }
    }

    /** Zulip's DraftData checks (DraftActions checks the recipients against the current state). */
    private DraftActions.Draft parse(JsonNode d, String var) {
        if (!d.isObject()) throw ApiError.bad(var + " is not a dict");
        for (var it = d.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!KEYS.contains(k)) throw ApiError.bad(var + " has an unexpected key: " + k);
        }
        String type = string(d, var, "type");
        if (!Set.of("", "stream", "private").contains(type)) throw ApiError.bad("Invalid " + var + "[\"type\"]");
        JsonNode toNode = field(d, var, "to");
        if (!toNode.isArray()) throw ApiError.bad(var + "[\"to\"] is not a list");
        List<Long> to = new ArrayList<>();
        for (JsonNode t : toNode) {
            if (!t.isIntegralNumber() || !t.canConvertToLong()) throw ApiError.bad(var + "[\"to\"][" + to.size() + "] is not an integer");
            to.add(t.longValue());
        }
        String topic = string(d, var, "topic");
        String content = content(string(d, var, "content"));
        long timestamp = timestamp(d, var);
        return new DraftActions.Draft(type, to, topic, content, timestamp);
    }

    private static JsonNode field(JsonNode d, String var, String key) {
        JsonNode v = d.get(key);
        if (v == null) throw ApiError.bad(var + " field is missing: " + key);
        return v;
    }

    private static String string(JsonNode d, String var, String key) {
        JsonNode v = field(d, var, key);
        if (!v.isTextual()) throw ApiError.bad(var + "[\"" + key + "\"] is not a string");
        return v.textValue();
    }

    private long timestamp(JsonNode d, String var) {
        JsonNode v = d.get("timestamp");
        if (v == null || v.isNull()) return clock.instant().getEpochSecond();
        if (!v.isNumber()) throw ApiError.bad(var + "[\"timestamp\"] is not a number");
        double t = v.doubleValue();
        if (t < 0) throw ApiError.bad("Timestamp must not be negative.");
        if (t > 1e13) throw ApiError.bad(var + "[\"timestamp\"] is too large");
        return Math.round(t);
    }

    /** Zulip's normalize_body: trailing whitespace removed; never empty; no null bytes. */
    private static String content(String c) {
        String s = c.stripTrailing();
        if (s.isEmpty()) throw ApiError.bad("Message must not be empty");
        if (s.indexOf('\0') >= 0) throw ApiError.bad("Message must not contain null bytes");
        return DraftActions.truncate(s, MAX_MESSAGE_LENGTH);
    }
}
