package dev.stoa.messages;

import dev.stoa.http.Json;
import dev.stoa.http.Request;

/** POST /submessage: message_id, msg_type, content (a JSON object as text). */
public final class SubmessageViews {
    private final SubmessageActions actions;

    public SubmessageViews(SubmessageActions actions) {
        this.actions = actions;
    }

    public Object add(Request req) {
        long id = req.lng("message_id");
        String type = req.str("msg_type");
        if (type.isBlank()) throw MessageErrors.invalidMsgType();
        actions.checkAdd(req.user(), new SubmessageActions.Input(id, type, req.str("content")));
        return Json.success();
    }
}
