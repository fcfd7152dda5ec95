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
        actions.checkAddReaction(req.user(), input(req, req.str("emoji_name")));
        return Json.success();
    }

    public Object remove(Request req) {
        String name = req.raw("emoji_name");
        if (name == null && req.raw("emoji_code") == null) {
            throw MessageErrors.emojiNameOrCodeRequired();
        }
        actions.checkRemoveReaction(req.user(), input(req, name));
        return Json.success();
    }

    /** reaction_type stays null when not sent: the action takes it from the emoji's name, or Unicode for a removal by code. */
    private static ReactionActions.ReactionInput input(Request req, String name) {
        long id = req.pathLong("message_id");
        String code = req.raw("emoji_code");
        String type = req.raw("reaction_type");
        // Zulip's older name for the service's own emoji type
        if ("zulip_extra_emoji".equals(type)) type = "service_extra_emoji";
        return new ReactionActions.ReactionInput(id, name, code, type);
    }
}
