package dev.stoa.scheduled;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;

/** Zulip's ScheduledMessage and Reminder objects (GET, register and events). */
public final class ScheduledJson {
    private ScheduledJson() {}

    public static ObjectNode scheduled(ScheduledRow r) {
        ObjectNode o = Json.object();
        o.put("scheduled_message_id", r.id());
        o.put("type", r.type());
        if (r.isChannel()) {
            o.put("to", r.channelId());
            o.put("topic", r.topic());
        } else {
            o.set("to", Json.tree(r.to()));
        }
        return common(o, r);
    }

    public static ObjectNode reminder(ScheduledRow r) {
        ObjectNode o = Json.object();
        o.put("reminder_id", r.id());
        o.put("type", r.type());
        o.set("to", Json.tree(r.to()));
        common(o, r);
        o.put("reminder_target_message_id", r.reminderTargetMessageId());
        return o;
    }

    private static ObjectNode common(ObjectNode o, ScheduledRow r) {
        o.put("content", r.content());
        o.put("rendered_content", r.renderedContent());
        o.put("scheduled_delivery_timestamp", r.scheduledTimestamp());
        o.put("failed", r.failed());
        return o;
    }
}
