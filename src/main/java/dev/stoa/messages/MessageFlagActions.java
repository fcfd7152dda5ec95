package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** Flag changes and typing notifications, each with its event. */
public final class MessageFlagActions {
    private final Db db;
    private final EventLog log;
    private final MessageStore store;

    public MessageFlagActions(Db db, EventLog log, MessageStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
    }

    /**
     * Adds or removes a flag on the user's rows; starring a readable message without a row creates a
     * historical row (as Zulip does). Returns the ids whose flag changed.
     */
    public List<Long> doFlags(User me, String flag, boolean add, Collection<Long> ids, Collection<Message> historicalToCreate) {
        long bit = Flags.bit(flag);
        return db.write(tx -> {
            Handle h = tx.h();
            for (Message m : historicalToCreate) {
                store.insertUserMessages(h, m.id(), Map.of(me.id(), Flags.HISTORICAL | Flags.READ));
            }
            List<Long> changed = store.changeFlag(h, me.id(), ids, bit, add);
            ObjectNode f = Json.object();
            f.put("operation", add ? "add" : "remove");
            f.put("flag", flag);
            f.set("messages", Json.tree(changed));
            f.put("all", false);
            if (!add && flag.equals("read")) f.set("message_details", details(h, me.id(), changed));
            log.append(tx, new MessageEvent.Flags(add ? "add" : "remove", f), Recipients.users(me.id()));
            return changed;
        });
    }

    private ObjectNode details(Handle h, long me, List<Long> ids) {
        ObjectNode d = Json.object();
        Map<Long, Long> flags = store.flags(h, me, ids);
        for (Message m : store.byIds(h, ids)) {
            ObjectNode o = d.putObject(String.valueOf(m.id()));
            o.put("type", m.isChannel() ? "stream" : "private");
            if ((flags.getOrDefault(m.id(), 0L) & Flags.ANY_MENTION) != 0) o.put("mentioned", true);
            if (m.isChannel()) {
                o.put("stream_id", m.channelId()).put("topic", m.topic());
                o.put("unmuted_stream_msg", true);
            } else {
                var a = o.putArray("user_ids");
                for (long u : m.dmUserIds()) if (u != me) a.add(u);
            }
        }
        return d;
    }

    public void doTyping(String op, ObjectNode fields, Collection<Long> recipients) {
        db.write(tx -> {
            log.append(tx, new MessageEvent.Typing(op, fields), Recipients.users(recipients));
            return null;
        });
    }
}
