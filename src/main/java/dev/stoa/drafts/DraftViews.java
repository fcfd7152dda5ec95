package dev.stoa.drafts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.topics.ChannelAccess;
import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;

/** GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}. */
public final class DraftViews {
    static final int MAX_TOPIC_LENGTH = 60;
    static final int MAX_MESSAGE_LENGTH = 10000;
    private static final Set<String> KEYS = Set.of("type", "to", "topic", "content", "timestamp", "id");

    private final Db db;
    private final DraftStore store;
    private final DraftActions actions;
    private final UserStore users;
    private final ChannelAccess channels;
    private final Clock clock;

    public DraftViews(Db db, DraftStore store, DraftActions actions, UserStore users, ChannelAccess channels, Clock clock) {
        this.db = db;
        this.store = store;
        this.actions = actions;
        this.users = users;
        this.channels = channels;
        this.clock = clock;
    }

    private static User me(Request req) {
        User me = req.user();
        if (!DraftActions.syncEnabled(me)) throw ApiError.bad("User has disabled synchronizing drafts.");
        return me;
    }

    public Object list(Request req) {
        User me = me(req);
        List<ObjectNode> drafts = db.read(h -> store.all(h, me.id()));
        ObjectNode out = Json.success();
        out.put("count", drafts.size());
        out.set("drafts", Json.tree(drafts));
        return out;
    }

    public Object create(Request req) {
        User me = me(req);
        JsonNode list = req.jsonArray("drafts");
        List<DraftStore.Row> rows = new ArrayList<>();
        if (list != null) {
            db.read(h -> {
                for (int i = 0; i < list.size(); i++) rows.add(validate(h, me, list.get(i), "drafts[" + i + "]"));
                return null;
            });
        }
        List<Long> ids = rows.isEmpty() ? List.of() : actions.doCreate(me.id(), rows);
        ObjectNode out = Json.success();
        out.set("ids", Json.tree(ids));
        return out;
    }

    public Object edit(Request req) {
        User me = me(req);
        long id = id(req);
        JsonNode draft = req.jsonObject("draft");
        if (draft == null) throw ApiError.missing("draft");
        DraftStore.Row row = db.read(h -> {
            store.get(h, me.id(), id).orElseThrow(DraftActions::notFound);
            return validate(h, me, draft, "draft");
        });
        actions.doEdit(me.id(), id, row);
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

    /** Zulip's DraftData checks, then further_validated_draft_dict. */
    private DraftStore.Row validate(Handle h, User me, JsonNode d, String var) {
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
        return switch (type) {
            case "stream" -> {
                String t = truncate(topic, MAX_TOPIC_LENGTH);
                if (t.indexOf('\0') >= 0) throw ApiError.bad("Topic must not contain null bytes");
                if (to.size() != 1) throw ApiError.bad("Must specify exactly 1 channel ID for channel messages");
                channels.check(h, me, to.getFirst());
                yield new DraftStore.Row(type, to, t, content, timestamp);
            }
            case "private" -> new DraftStore.Row(type, directRecipients(h, me, to), "", content, timestamp);
            default -> new DraftStore.Row(type, List.of(), "", content, timestamp);
        };
    }

    /** The other participants (or only the user, for a draft to oneself); every id must be a user of the realm. */
    private List<Long> directRecipients(Handle h, User me, List<Long> to) {
        TreeSet<Long> ids = new TreeSet<>(to);
        if (ids.isEmpty()) return List.of();
        var found = users.byIds(h, ids);
        for (long id : ids) {
            if (found.stream().noneMatch(u -> u.id() == id)) throw ApiError.bad("Invalid user ID " + id);
        }
        if (ids.size() > 1) ids.remove(me.id());
        return List.copyOf(ids);
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
        return truncate(s, MAX_MESSAGE_LENGTH);
    }

    private static String truncate(String s, int max) {
        if (s.codePointCount(0, s.length()) <= max) return s;
        return s.substring(0, s.offsetByCodePoints(0, max - 1)) + "…";
    }
}
