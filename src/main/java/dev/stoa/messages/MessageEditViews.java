package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.Set;

/** PATCH /messages/{id} (edit and move), DELETE /messages/{id}, GET /messages/{id}/history. */
public final class MessageEditViews {
    private final MessageQueries queries;
    private final MessageEditActions actions;

    public MessageEditViews(MessageQueries queries, MessageEditActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object edit(Request req) {
        long id = req.pathLong("message_id");
        String content = req.raw("content");
        String topicRaw = req.raw("topic");
        Long streamId = req.optLong("stream_id").orElse(null);
        String mode = req.str("propagate_mode", "change_one");
        boolean notifyOld = req.bool("send_notification_to_old_thread", false);
        boolean notifyNew = req.bool("send_notification_to_new_thread", true);
        String sha = req.raw("prev_content_sha256");
        if (!Set.of("change_one", "change_later", "change_all").contains(mode)) throw MessageErrors.invalidPropagateMode();
        if (content == null && topicRaw == null && streamId == null) throw MessageErrors.nothingToChange();
        if (content != null && streamId != null) throw MessageErrors.cannotChangeMessageContentWhileChangingChannel();
        if (topicRaw == null && streamId == null && !mode.equals("change_one")) throw MessageErrors.invalidPropagateModeWithoutTopicEdit();
        String newContent = content == null ? null : MessageRules.normalizeContent(content);
        ArrayNode detached = actions.checkEdit(req.user(),
                new MessageEditActions.EditInput(id, newContent, topicRaw, streamId, mode, notifyOld, notifyNew, sha));
        ObjectNode out = Json.success();
        out.set("detached_uploads", detached);
        return out;
    }

    public Object delete(Request req) {
        actions.checkDelete(req.user(), req.pathLong("message_id"));
        return Json.success();
    }

    public Object history(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        return queries.history(me, id);
    }
}
