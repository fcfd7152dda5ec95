package dev.stoa.messages;

import java.util.Collection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL of submessages: a widget message's submessages, oldest first. */
public final class SubmessageStore {
    /** The dialect's JSON-array-of-ids subquery (MessageStore's). */
    private final String idsFromJson;

    public SubmessageStore(MessageStore messages) {
        this.idsFromJson = messages.idsFromJson();
    }
    public record Submessage(long id, long messageId, long senderId, String msgType, String content) {}

    public long insert(Handle h, long messageId, long senderId, String msgType, String content) {
        return h.createUpdate("INSERT INTO submessages (message_id, sender_id, msg_type, content) VALUES (?, ?, ?, ?)")
                .bind(0, messageId).bind(1, senderId).bind(2, msgType).bind(3, content)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** Each message's submessages (the ids as one JSON array parameter, as MessageStore's page reads do). */
    public Map<Long, List<Submessage>> of(Handle h, Collection<Long> messageIds) {
        Map<Long, List<Submessage>> out = new HashMap<>();
        if (messageIds.isEmpty()) return out;
        h.createQuery("SELECT id, message_id, sender_id, msg_type, content FROM submessages WHERE message_id IN ("
                        + idsFromJson + ") ORDER BY id")
                .bind("ids", messageIds.toString())
                .map((rs, ctx) -> new Submessage(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getString(4), rs.getString(5)))
                .forEach(s -> out.computeIfAbsent(s.messageId(), k -> new ArrayList<>()).add(s));
        return out;
    }

    /** The widget's own first submessage (Zulip's get_widget_type reads it), if the message has one. */
    public Optional<Submessage> first(Handle h, long messageId) {
        return h.createQuery("SELECT id, message_id, sender_id, msg_type, content FROM submessages WHERE message_id = ? ORDER BY id LIMIT 1")
                .bind(0, messageId)
                .map((rs, ctx) -> new Submessage(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getString(4), rs.getString(5))).findOne();
    }
}
