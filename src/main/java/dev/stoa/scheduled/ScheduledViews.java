package dev.stoa.scheduled;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;

/** GET/POST /scheduled_messages, PATCH/DELETE /scheduled_messages/{id}, GET/POST /reminders, DELETE /reminders/{id}. */
public final class ScheduledViews {
    private final ScheduledQueries queries;
    private final ScheduledActions actions;

    public ScheduledViews(ScheduledQueries queries, ScheduledActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object list(Request req) {
        long me = req.user().id();
        ObjectNode out = Json.success();
        ArrayNode a = out.putArray("scheduled_messages");
        queries.undelivered(me, ScheduledRow.SEND_LATER).forEach(r -> a.add(ScheduledJson.scheduled(r)));
        return out;
    }

    public Object create(Request req) {
        String type = type(req.str("type"));
        String to = req.str("to");
        String topic = req.raw("topic");
        String content = req.str("content");
        long at = req.lng("scheduled_delivery_timestamp");
        Boolean read = req.optBool("read_by_sender").orElse(null);
        long id = actions.checkCreate(req.user(), new ScheduledActions.CreateInput(type, to, topic, content, at, read, req.clientName()));
        return Json.success().put("scheduled_message_id", id);
    }

    /** Zulip's rules for a partial change: something must change; a new type needs `to`, and a topic when it is a channel. */
    public Object edit(Request req) {
        long id = req.pathLong("scheduled_message_id");
        String type = req.optStr("type").map(ScheduledViews::type).orElse(null);
        String to = req.raw("to");
        String topic = req.raw("topic");
        String content = req.raw("content");
        Long at = req.optLong("scheduled_delivery_timestamp").orElse(null);
        if (type == null && to == null && topic == null && content == null && at == null) throw ScheduledErrors.nothingToChange();
        if (type != null && to == null) throw ScheduledErrors.recipientRequiredForTypeChange();
        if ("stream".equals(type) && topic == null) throw ScheduledErrors.topicRequiredForTypeChange();
        actions.checkEdit(req.user(), id, new ScheduledActions.EditInput(type, to, topic, content, at, req.clientName()));
        return Json.success();
    }

    public Object delete(Request req) {
        actions.checkDelete(req.user(), req.pathLong("scheduled_message_id"));
        return Json.success();
    }

    public Object reminders(Request req) {
        long me = req.user().id();
        ObjectNode out = Json.success();
        ArrayNode a = out.putArray("reminders");
        queries.undelivered(me, ScheduledRow.REMIND).forEach(r -> a.add(ScheduledJson.reminder(r)));
        return out;
    }

    public Object createReminder(Request req) {
        long messageId = req.lng("message_id");
        long at = req.lng("scheduled_delivery_timestamp");
        String note = req.raw("note");
        return Json.success().put("reminder_id", actions.checkCreateReminder(req.user(), messageId, at, note, req.clientName()));
    }

    public Object deleteReminder(Request req) {
        actions.checkDeleteReminder(req.user(), req.pathLong("reminder_id"));
        return Json.success();
    }

    /** Zulip's recipient types; "direct" and "channel" are stored under their older names, as Zulip does. */
    private static String type(String t) {
        return switch (t) {
            case "direct", "private" -> "private";
            case "stream", "channel" -> "stream";
            default -> throw ScheduledErrors.invalidType();
        };
    }
}
