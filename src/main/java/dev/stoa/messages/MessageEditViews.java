package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.realm.RealmHolder;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** PATCH /messages/{id} (edit and move), DELETE /messages/{id}, GET /messages/{id}/history. */
public final class MessageEditViews {
    private final Db db;
    private final MessageStore store;
    private final RealmHolder realm;
    private final Access access;
    private final MessageEditActions actions;

    public MessageEditViews(Db db, MessageStore store, RealmHolder realm, Access access, MessageEditActions actions) {
        this.db = db;
        this.store = store;
        this.realm = realm;
        this.access = access;
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
        if (!Set.of("change_one", "change_later", "change_all").contains(mode)) throw ApiError.bad("Invalid propagate_mode");
        if (content == null && topicRaw == null && streamId == null) throw ApiError.bad("Nothing to change");
        if (content != null && streamId != null) throw ApiError.bad("Cannot change message content while changing channel");
        if (topicRaw == null && streamId == null && !mode.equals("change_one")) throw ApiError.bad("Invalid propagate_mode without topic edit");
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
        return db.read(h -> {
            Message m = MessageRules.readable(h, store, access, me, id);
            if (!realm.get().get("allow_edit_history").asBoolean(true)) throw ApiError.bad("Message edit history is disabled in this organization");
            List<MessageStore.Edit> edits = store.edits(h, id);
            // Walk back from the current state to the original, then emit oldest first.
            String content = m.content(), rendered = m.renderedContent(), topic = m.topic();
            List<ObjectNode> snaps = new ArrayList<>();
            for (int i = edits.size() - 1; i >= 0; i--) {
                MessageStore.Edit e = edits.get(i);
                ObjectNode s = Json.object();
                s.put("topic", topic).put("content", content).put("rendered_content", rendered).put("timestamp", e.editTime());
                if (e.userId() == null) s.putNull("user_id"); else s.put("user_id", e.userId());
                if (e.prevContent() != null) {
                    s.put("prev_content", e.prevContent()).put("prev_rendered_content", e.prevRendered()).put("content_html_diff", rendered);
                    content = e.prevContent();
                    rendered = e.prevRendered();
                }
                if (e.prevTopic() != null) {
                    s.put("prev_topic", e.prevTopic());
                    topic = e.prevTopic();
                }
                if (e.prevChannel() != null) s.put("prev_stream", e.prevChannel()).put("stream", e.newChannel());
                snaps.addFirst(s);
            }
            ObjectNode first = Json.object();
            first.put("topic", topic).put("content", content).put("rendered_content", rendered).put("timestamp", m.dateSent()).put("user_id", m.senderId());
            snaps.addFirst(first);
            ObjectNode out = Json.success();
            ArrayNode a = out.putArray("message_history");
            snaps.forEach(a::add);
            return out;
        });
    }
}
