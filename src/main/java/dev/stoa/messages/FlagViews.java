package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.List;

/** POST /messages/flags, /messages/flags/narrow, and the mark-as-read shortcuts (all, channel, topic). */
public final class FlagViews {
    private final MessageFlagActions actions;

    public FlagViews(MessageFlagActions actions) {
        this.actions = actions;
    }

    private static String flag(Request req) {
        String flag = req.str("flag");
        if (Flags.bit(flag) == null && !flag.equals("wildcard_mentioned")) throw MessageErrors.invalidFlag(flag);
        if (!Flags.EDITABLE.contains(flag)) throw MessageErrors.flagNotEditable(flag);
        return flag;
    }

    private static boolean add(Request req) {
        String op = req.str("op");
        return switch (op) {
            case "add" -> true;
            case "remove" -> false;
            default -> throw MessageErrors.invalidMessageFlagOperation(op);
        };
    }

    public Object flags(Request req) {
        List<Long> ids = req.longList("messages");
        if (ids == null) throw ApiError.missing("messages");
        boolean add = add(req);
        List<Long> changed = actions.checkFlags(req.user(), new MessageFlagActions.FlagsInput(ids, flag(req), add));
        ObjectNode out = Json.success();
        out.set("messages", Json.tree(changed));
        return out;
    }

    public Object flagsNarrow(Request req) {
        String anchor = req.str("anchor");
        int before = req.integer("num_before", 0);
        int after = req.integer("num_after", 0);
        if (before < 0 || after < 0) throw MessageErrors.invalidNumBefore();
        if (before + after > MessageRules.MAX_FETCH) throw MessageErrors.tooManyMessagesRequested();
        boolean include = req.bool("include_anchor", true);
        Narrow narrow = Narrow.parse(req.json("narrow"));
        MessageViews.chargeSearch(req, narrow);
        boolean add = add(req);
        var r = actions.checkFlagsNarrow(req.user(), new MessageFlagActions.NarrowFlagsInput(narrow, anchor, before, after, include, flag(req), add));
        ObjectNode out = Json.success();
        out.put("processed_count", r.processed().size());
        out.put("updated_count", r.changed().size());
        if (r.processed().isEmpty()) {
            out.putNull("first_processed_id");
            out.putNull("last_processed_id");
        } else {
            out.put("first_processed_id", r.processed().getFirst());
            out.put("last_processed_id", r.processed().getLast());
        }
        out.put("found_oldest", r.foundOldest());
        out.put("found_newest", r.foundNewest());
        return out;
    }

    public Object markAll(Request req) {
        actions.checkMarkAsRead(req.user(), null, null);
        return Json.success().put("complete", true);
    }

    public Object markStream(Request req) {
        actions.checkMarkAsRead(req.user(), req.lng("stream_id"), null);
        return Json.success();
    }

    public Object markTopic(Request req) {
        long channelId = req.lng("stream_id");
        actions.checkMarkAsRead(req.user(), channelId, req.str("topic_name"));
        return Json.success();
    }
}
