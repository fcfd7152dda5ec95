package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.queues.ZulipNames;
import java.util.List;

/** POST /messages, GET /messages, GET /messages/{id}, GET /messages/matches_narrow. */
public final class MessageViews {
    private final MessageQueries queries;
    private final MessageActions actions;

    public MessageViews(MessageQueries queries, MessageActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    // ---- sending ----

    public Object send(Request req) {
        String type = req.str("type");
        String to = req.str("to");
        String content = MessageRules.normalizeContent(req.str("content"));
        var echo = new MessageActions.Echo(req.raw("queue_id"), req.raw("local_id"));
        boolean readBySender = req.bool("read_by_sender", true);
        long id = actions.checkSend(req.user(), new MessageActions.SendInput(type, to, req.raw("topic"), content, readBySender, req.clientName(), echo));
        return Json.success().put("id", id);
    }

    // ---- fetching ----

    public Object list(Request req) {
        User me = req.user();
        Narrow narrow = Narrow.parse(req.json("narrow"));
        chargeSearch(req, narrow);
        String anchor = req.raw("anchor");
        // Zulip's parse_anchor_value: the legacy flag wins over any anchor sent with it (zulip-terminal sends anchor=0 too).
        if (req.optBool("use_first_unread_anchor").orElse(false)) anchor = "first_unread";
        int before = req.integer("num_before", 0);
        int after = req.integer("num_after", 0);
        if (before < 0) throw MessageErrors.invalidNumBefore();
        if (after < 0) throw MessageErrors.invalidNumAfter();
        if (before + after > MessageRules.MAX_FETCH) throw MessageErrors.tooManyMessagesRequested();
        var p = new MessageFetch.Params(anchor, before, after, req.bool("include_anchor", true),
                req.bool("apply_markdown", true), req.bool("client_gravatar", true));
        req.raw("client_gravatar");
        boolean allowEmptyTopic = req.bool("allow_empty_topic_name", false);
        ObjectNode out = queries.fetch(me, narrow, p);
        if (!allowEmptyTopic) out.get("messages").forEach(m -> MessageFetch.showEmptyTopic((ObjectNode) m));
        ZulipNames.renameReactions(out.get("messages"), ZulipNames.wanted(req.clientName()));
        return out;
    }

    public Object one(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        boolean markdown = req.bool("apply_markdown", true);
        boolean allowEmptyTopic = req.bool("allow_empty_topic_name", false);
        MessageQueries.One one = queries.one(me, id, markdown);
        ObjectNode d = one.message();
        if (!allowEmptyTopic) MessageFetch.showEmptyTopic(d);
        ZulipNames.renameReactions(Json.array().add(d), ZulipNames.wanted(req.clientName()));
        ObjectNode out = Json.success();
        out.put("raw_content", one.rawContent());
        out.set("message", d);
        return out;
    }

    public Object matchesNarrow(Request req) {
        User me = req.user();
        List<Long> ids = req.longList("msg_ids");
        if (ids == null) throw ApiError.missing("msg_ids");
        JsonNode narrowJson = req.json("narrow");
        if (narrowJson == null) throw ApiError.missing("narrow");
        Narrow narrow = Narrow.parse(narrowJson);
        chargeSearch(req, narrow);
        return queries.matches(me, ids, narrow);
    }

    /** A full-text search counts as SEARCH_COST requests against the caller's rate limit (README: rate limits). */
    static void chargeSearch(Request req, Narrow narrow) {
        for (Narrow.Term t : narrow.terms()) {
            if (t instanceof Narrow.Search) {
                req.charge(SEARCH_COST - 1);
                return;
            }
        }
    }

    static final int SEARCH_COST = 5;
}
