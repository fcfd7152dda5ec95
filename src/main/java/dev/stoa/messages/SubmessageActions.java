package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MobileEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import org.jdbi.v3.core.Handle;

/**
 * Widget submessages (Zulip's zerver/views/submessage.py and actions/submessage.py): anyone who can
 * read a widget message adds to it (a vote, an option, a checked task), checked against the widget;
 * a message without a widget takes submessages only from its sender. Everyone who has the message
 * gets the `submessage` event, as for reactions.
 */
public final class SubmessageActions {
    private final Db db;
    private final EventLog log;
    private final MessageStore messages;
    private final SubmessageStore store;
    private final Access access;

    public SubmessageActions(Db db, EventLog log, MessageStore messages, SubmessageStore store, Access access) {
        this.db = db;
        this.log = log;
        this.messages = messages;
        this.store = store;
        this.access = access;
    }

    public record Input(long messageId, String msgType, String content) {}

    public void checkAdd(User me, Input in) {
        db.write(tx -> {
            Handle h = tx.h();
            messages.lock(h, in.messageId());
            Message m = MessageRules.readable(h, messages, access, me, in.messageId());
            var widget = store.first(h, m.id());
            if (widget.isEmpty() && m.senderId() != me.id()) throw MessageErrors.cannotAttachSubmessage();
            JsonNode data = Json.parseOrNull(in.content());
            if (data == null || !data.isObject()) throw MessageErrors.invalidJsonForSubmessage();
            String widgetType = widget.map(w -> Json.parseOrNull(w.content()))
                    .map(c -> c.path("widget_type").asText("")).orElse("");
            Widgets.checkSubmessage(widgetType, data, m.senderId() == me.id());
            doAdd(tx, m, me.id(), in.msgType(), in.content());
            return null;
        });
    }

    /** Stores the submessage and tells everyone who has the message. */
    void doAdd(Tx tx, Message m, long senderId, String msgType, String content) {
        long id = store.insert(tx.h(), m.id(), senderId, msgType, content);
        log.append(tx, new MobileEvent.Submessage(m.id(), id, senderId, msgType, content),
                Recipients.channelMessage(messages.recipientsOf(tx.h(), m.id()), false));
    }
}
