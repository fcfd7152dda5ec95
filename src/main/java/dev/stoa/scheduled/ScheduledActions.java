package dev.stoa.scheduled;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.messages.Access;
import dev.stoa.messages.Message;
import dev.stoa.messages.MessageActions;
import dev.stoa.messages.MessageErrors;
import dev.stoa.messages.MessageStore;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * Scheduling, editing and cancelling messages and reminders. A scheduled message is checked as a
 * send would be (MessageActions.resolve: recipients, permissions, topic, rendering) when it is
 * scheduled or changed, and again when it is sent (ScheduledDelivery). Events go to the user's own
 * clients: scheduled_messages add/update/remove, reminders add/remove.
 */
public final class ScheduledActions {
    /** Interactive clients mark what their user scheduled as read by default (Zulip's default_read_by_sender). */
    private static final Set<String> INTERACTIVE = Set.of("website", "zulipmobile", "zulipelectron", "zulipdesktop", "zulipflutter",
            "zulipterminal");

    private final Db db;
    private final EventLog log;
    private final ScheduledStore store;
    private final MessageActions messages;
    private final MessageStore messageStore;
    private final Access access;
    private final ReminderContent reminders;
    private final Clock clock;

    public ScheduledActions(Db db, EventLog log, ScheduledStore store, MessageActions messages, MessageStore messageStore, Access access,
                            ReminderContent reminders, Clock clock) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.messages = messages;
        this.messageStore = messageStore;
        this.access = access;
        this.reminders = reminders;
        this.clock = clock;
    }

    /** POST /scheduled_messages, parsed: type "stream" or "private", `to` and topic as sent, content raw. */
    public record CreateInput(String type, String to, String topic, String content, long deliverAt, Boolean readBySender, String client) {}

    /** PATCH /scheduled_messages/{id}, parsed: what is null stays as it is. */
    public record EditInput(String type, String to, String topic, String content, Long deliverAt, String client) {}

    public long checkCreate(User me, CreateInput in) {
        return db.write(tx -> {
            checkFuture(in.deliverAt());
            var r = messages.resolve(tx.h(), me, in.type(), to(in.type(), in.to()), in.topic(), MessageActions.normalizeContent(in.content()));
            List<Long> to = recipients(me, r);
            boolean toSelf = r.target().channel() == null && to.equals(List.of(me.id()));
            boolean read = in.readBySender() != null ? in.readBySender()
                    : !toSelf && INTERACTIVE.contains(in.client().toLowerCase(Locale.ROOT));
            long id = store.insert(tx.h(), row(me, ScheduledRow.SEND_LATER, r, to, in.deliverAt(), read, in.client(), null, null));
            ScheduledRow created = store.byId(tx.h(), id).orElseThrow();
            log.append(tx, new MiscEvent.ScheduledMessagesAdd(Json.array().add(ScheduledJson.scheduled(created))), Recipients.users(me.id()));
            return id;
        });
    }

    public void checkEdit(User me, long id, EditInput in) {
        db.write(tx -> {
            Handle h = tx.h();
            if (in.deliverAt() != null) checkFuture(in.deliverAt());
            ScheduledRow row = store.own(h, id, me.id(), ScheduledRow.SEND_LATER).orElseThrow(() -> notFound("Scheduled message does not exist"));
            if (row.delivered()) throw ScheduledErrors.alreadySent();
            // A message the server failed to send needs a new time.
            if (row.failed() && in.deliverAt() == null) throw ScheduledErrors.deliveryTimeNotInFuture();
            ScheduledRow updated = row;
            if (in.type() != null || in.to() != null || in.content() != null || in.topic() != null && row.isChannel()) {
                String type = in.type() != null ? in.type() : row.type();
                String to = in.to() != null ? to(type, in.to()) : row.isChannel() ? String.valueOf(row.channelId()) : Json.write(row.to());
                String content = in.content() != null ? MessageActions.normalizeContent(in.content()) : row.content();
                var r = messages.resolve(h, me, type, to, in.topic() != null ? in.topic() : row.topic(), content);
                var target = r.target();
                updated = row.withDelivery(target.channel() == null ? "private" : "stream", target.channel() == null ? null : target.channel().id(),
                        recipients(me, r), target.topic(), content, r.rendered().html(), row.scheduledTimestamp(), in.client());
            }
            updated = updated.withDelivery(updated.type(), updated.channelId(), updated.to(), updated.topic(), updated.content(),
                    updated.renderedContent(), in.deliverAt() != null ? in.deliverAt() : row.scheduledTimestamp(), in.client());
            store.update(h, updated);
            log.append(tx, new MiscEvent.ScheduledMessagesUpdate(ScheduledJson.scheduled(store.byId(h, id).orElseThrow())),
                    Recipients.users(me.id()));
            return null;
        });
    }

    public void checkDelete(User me, long id) {
        db.write(tx -> {
            store.own(tx.h(), id, me.id(), ScheduledRow.SEND_LATER).orElseThrow(() -> notFound("Scheduled message does not exist"));
            store.delete(tx.h(), id);
            log.append(tx, new MiscEvent.ScheduledMessagesRemove(id), Recipients.users(me.id()));
            return null;
        });
    }

    /** POST /reminders: a direct message to oneself, from the notification bot at the time, about a message one can read. */
    public long checkCreateReminder(User me, long messageId, long deliverAt, String note, String client) {
        return db.write(tx -> {
            Handle h = tx.h();
            checkFuture(deliverAt);
            Message m = readable(h, me, messageId);
            String n = note == null ? null : ReminderContent.normalizeNote(note);
            String content = reminders.format(h, m, n);
            // The reminder must be a message the user could send to themself (Zulip checks it the same way).
            var r = messages.resolve(h, me, "private", "[" + me.id() + "]", null, content);
            long id = store.insert(h, row(me, ScheduledRow.REMIND, r, List.of(me.id()), deliverAt, false, client, messageId, n));
            ScheduledRow created = store.byId(h, id).orElseThrow();
            log.append(tx, new MiscEvent.RemindersAdd(Json.array().add(ScheduledJson.reminder(created))), Recipients.users(me.id()));
            return id;
        });
    }

    public void checkDeleteReminder(User me, long id) {
        db.write(tx -> {
            store.own(tx.h(), id, me.id(), ScheduledRow.REMIND).orElseThrow(() -> notFound("Reminder does not exist"));
            store.delete(tx.h(), id);
            log.append(tx, new MiscEvent.RemindersRemove(id), Recipients.users(me.id()));
            return null;
        });
    }

    /** The message if `me` may read it, else Zulip's "Invalid message(s)". */
    Message readable(Handle h, User me, long id) {
        Message m = messageStore.byId(h, id).orElse(null);
        if (m == null || !Access.canRead(access.view(h, me), m, messageStore.flagsOf(h, me.id(), id).orElse(null))) {
            throw MessageErrors.invalidMessage();
        }
        return m;
    }

    /**
     * `to` as Zulip reads it for scheduled messages (extract_stream_id, extract_direct_message_recipient_ids):
     * one channel id (no names), or a JSON list of user ids (no emails).
     */
    static String to(String type, String raw) {
        JsonNode n = Json.parseOrNull(raw);
        if ("stream".equals(type)) {
            if (n != null && n.isArray() && n.size() == 1) n = n.get(0);
            if (n == null || !n.canConvertToLong() || !n.isIntegralNumber()) throw ScheduledErrors.invalidDataTypeForChannelId();
            return String.valueOf(n.longValue());
        }
        if (n == null || !n.isArray()) throw MessageErrors.invalidDataTypeForRecipients();
        for (JsonNode e : n) if (!e.isIntegralNumber() || !e.canConvertToLong()) throw ScheduledErrors.recipientsMustBeUserIds();
        return n.toString();
    }

    private void checkFuture(long deliverAt) {
        if (deliverAt <= clock.instant().getEpochSecond()) throw ScheduledErrors.deliveryTimeNotInFuture();
    }

    /** A direct message's recipients as Zulip lists them: the others, or the sender alone for a message to oneself. */
    private static List<Long> recipients(User me, MessageActions.Resolved r) {
        if (r.target().channel() != null) return List.of();
        List<Long> others = r.target().dmUserIds().stream().filter(u -> u != me.id()).sorted().toList();
        return others.isEmpty() ? List.of(me.id()) : others;
    }

    private static ScheduledRow row(User me, String kind, MessageActions.Resolved r, List<Long> to, long at, boolean read, String client,
                                    Long target, String note) {
        var t = r.target();
        return new ScheduledRow(0, me.id(), kind, t.channel() == null ? "private" : "stream", t.channel() == null ? null : t.channel().id(),
                to, t.channel() == null ? "" : t.topic(), r.content(), r.rendered().html(), at, read, client, false, false, null, target, note);
    }

    /** Zulip: HTTP 404 with code BAD_REQUEST. */
    static ApiError notFound(String msg) {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, msg);
    }

}
