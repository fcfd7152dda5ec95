package dev.stoa.messages;

import dev.stoa.http.Json;
import dev.stoa.http.Request;

/** POST and DELETE /messages/{message_id}/reactions. */
public final class ReactionViews {
    private final ReactionActions actions;

    public ReactionViews(ReactionActions actions) {
        this.actions = actions;
    }

    public Object add(Request req) {
        actions.checkAddReaction(req.user(), input(req));
        return Json.success();
    }

    public Object remove(Request req) {
        actions.checkRemoveReaction(req.user(), input(req));
        return Json.success();
    }

    private static ReactionActions.ReactionInput input(Request req) {
        long id = req.pathLong("message_id");
        String name = req.str("emoji_name");
        String code = req.raw("emoji_code");
        String type = req.str("reaction_type", "unicode_emoji");
        // Zulip's older name for the service's own emoji type
        if (type.equals("zulip_extra_emoji")) type = "service_extra_emoji";
        return new ReactionActions.ReactionInput(id, name, code, type);
    }
}
