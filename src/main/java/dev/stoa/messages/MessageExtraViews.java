package dev.stoa.messages;

import dev.stoa.http.Json;
import dev.stoa.http.Request;

/** POST /streams/{stream_id}/delete_topic and POST /messages/{message_id}/typing. */
public final class MessageExtraViews {
    private final TopicDeleteActions deletes;
    private final EditTypingActions editTyping;

    public MessageExtraViews(TopicDeleteActions deletes, EditTypingActions editTyping) {
        this.deletes = deletes;
        this.editTyping = editTyping;
    }

    public Object deleteTopic(Request req) {
        long channelId = req.pathLong("stream_id");
        String topic = req.str("topic_name");
        return Json.success().put("complete", deletes.checkDeleteTopic(req.user(), channelId, topic));
    }

    public Object editTyping(Request req) {
        long messageId = req.pathLong("message_id");
        String op = req.str("op");
        if (!op.equals("start") && !op.equals("stop")) throw MessageErrors.invalidOp();
        editTyping.checkEditTyping(req.user(), messageId, op);
        return Json.success();
    }
}
