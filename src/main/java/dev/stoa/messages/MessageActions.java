package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.Channel;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import dev.stoa.markdown.Rendered;
import dev.stoa.identity.User;
import dev.stoa.users.AccessChanges;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Sending: one transaction inserts the message, its per-recipient rows in one batch, and the message event. */
public final class MessageActions {
    private final Db db;
    private final EventLog log;
    private final MessageStore store;
    private final MessageJson json;
    private final AccessChanges accessChanges;
    private final Clock clock;
    /** Who may see a channel's metadata (receivers of its stream events). */
    private final java.util.function.BiFunction<org.jdbi.v3.core.Handle, Channel, List<Long>> audience;
    /** Each recipient's alert words (the alert words feature's store). */
    private final java.util.function.BiFunction<org.jdbi.v3.core.Handle, Collection<Long>, Map<Long, List<String>>> alertWords;

    public MessageActions(Db db, EventLog log, MessageStore store, MessageJson json, AccessChanges accessChanges, Clock clock,
                          java.util.function.BiFunction<org.jdbi.v3.core.Handle, Channel, List<Long>> audience,
                          java.util.function.BiFunction<org.jdbi.v3.core.Handle, Collection<Long>, Map<Long, List<String>>> alertWords) {
        this.audience = audience;
        this.accessChanges = accessChanges;
        this.alertWords = alertWords;
        this.db = db;
        this.log = log;
        this.store = store;
        this.json = json;
        this.clock = clock;
    }

    /** Where a message goes: a channel and topic, or the participants of a direct message (sender included). */
    public record Target(Channel channel, String topic, Collection<Long> dmUserIds) {}

    /** Echo of local_id to the sending client's queue. */
    public record Echo(String queueId, String localId) {}

    public long now() { return clock.instant().getEpochSecond(); }

    public long doSend(User sender, Target target, String content, Rendered r, String client, boolean readBySender,
                       Collection<Long> channelRecipients, Collection<Long> topicParticipants, java.util.Set<Long> groupMentioned, Echo echo) {
        return db.write(tx -> {
            var h = tx.h();
            boolean dm = target.channel() == null;
            // A direct message links its participants: a restricted guest among them may gain sight of the others.
            Map<Long, java.util.Set<Long>> seen = dm ? accessChanges.before(h, target.dmUserIds()) : Map.of();
            long recipientId = dm ? store.dmRecipient(h, Message.dmKey(target.dmUserIds())) : store.channelRecipient(h, target.channel().id());
            Message m = new Message(0, sender.id(), recipientId, dm ? null : target.channel().id(),
                    dm ? Message.dmKey(target.dmUserIds()) : null, dm ? "" : target.topic(), content, r.html(), now(), null, null,
                    client, r.hasLink(), r.hasAttachment(), r.hasImage());
            long id = store.insert(h, m);
            m = new Message(id, m.senderId(), m.recipientId(), m.channelId(), m.dmKey(), m.topic(), m.content(), m.renderedContent(),
                    m.dateSent(), null, null, m.client(), m.hasLink(), m.hasAttachment(), m.hasImage());
            Map<Long, Long> flags = new LinkedHashMap<>();
            Collection<Long> users = dm ? target.dmUserIds() : channelRecipients;
            for (long u : users) flags.put(u, dm ? Flags.IS_PRIVATE : 0L);
            flags.putIfAbsent(sender.id(), dm ? Flags.IS_PRIVATE : 0L);
            Map<Long, List<String>> words = alertWords.apply(h, flags.keySet());
            for (var e : flags.entrySet()) {
                long u = e.getKey();
                long f = e.getValue() | Flags.mentionBits(u, sender.id(), r, groupMentioned, dm ? null : topicParticipants, content, words.get(u));
                if (u == sender.id() && readBySender) f |= Flags.READ;
                e.setValue(f);
            }
            store.insertUserMessages(h, id, flags);
            accessChanges.announce(tx, seen);
            if (!dm && h.execute("UPDATE channels SET first_message_id = ? WHERE id = ? AND first_message_id IS NULL", id, target.channel().id()) > 0) {
                // As Zulip: clients learn the channel's first message id from a stream update event.
                log.append(tx, new dev.stoa.events.ChannelEvent.StreamUpdate(target.channel().id(), target.channel().name(), "first_message_id",
                        Json.MAPPER.getNodeFactory().numberNode(id), null), Recipients.users(audience.apply(h, target.channel())));
            }
            linkUploads(h, id, sender.id(), r.uploadPathIds());
            appendNew(tx, h, m, flags, echo, !dm && !target.channel().inviteOnly());
            return id;
        });
    }

    private void appendNew(dev.stoa.db.Tx tx, org.jdbi.v3.core.Handle h, Message m, Map<Long, Long> flags, Echo echo, boolean publicChannel) {
        ObjectNode dict = json.build(h, List.of(m), null, true, false).getFirst();
        ObjectNode fields = Json.object();
        fields.set("message", dict);
        fields.set("flags", Json.array());
        ObjectNode extras = Json.object();
        ObjectNode perUser = extras.putObject("__per_user");
        // "flags": [] is the default; only recipients with flags get their own entry, which keeps a
        // large channel's event (stored, and read by every queue) small.
        flags.forEach((u, f) -> {
            if (f == 0) return;
            ArrayNode a = perUser.putObject(String.valueOf(u)).putArray("flags");
            Flags.names(f).forEach(a::add);
        });
        extras.put("__raw_content", m.content());
        if (echo != null && echo.queueId() != null && echo.localId() != null) {
            extras.put("__sender_queue_id", echo.queueId());
            extras.put("__local_id", echo.localId());
        }
        log.append(tx, new MessageEvent.New(fields, extras), Recipients.channelMessage(flags.keySet(), publicChannel));
    }

    /** Links the sender's uploads that the content references (others' path ids are ignored, as in Zulip). */
    static void linkUploads(org.jdbi.v3.core.Handle h, long messageId, long senderId, List<String> pathIds) {
        if (pathIds == null || pathIds.isEmpty()) return;
        List<Long> ids = new ArrayList<>();
        for (String p : pathIds) {
            h.createQuery("SELECT id FROM attachments WHERE path_id = ? AND owner_id = ?").bind(0, p).bind(1, senderId)
                    .mapTo(Long.class).findOne().ifPresent(ids::add);
        }
        for (long a : ids) h.execute("INSERT INTO attachment_messages (attachment_id, message_id) VALUES (?, ?) ON CONFLICT DO NOTHING", a, messageId);
        if (!ids.isEmpty()) h.execute("UPDATE messages SET has_attachment = TRUE WHERE id = ?", messageId);
    }
}
