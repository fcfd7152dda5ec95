package dev.stoa.messages;

import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;

/**
 * GET /messages/{id}/read_receipts, with Zulip's rules: the realm must enable read receipts; the
 * list holds active users (bots included) who marked the message read and share read receipts
 * (`send_read_receipts`), never the sender, nor anyone the caller muted or who muted the caller.
 */
public final class ReadReceiptViews {
    private final MessageQueries queries;

    public ReadReceiptViews(MessageQueries queries) {
        this.queries = queries;
    }

    public Object get(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        return Json.success().set("user_ids", Json.tree(queries.readReceipts(me, id)));
    }
}
