package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Dialect;
import dev.stoa.db.Tx;
import dev.stoa.http.Json;
import java.time.Clock;

/**
 * Writes entries inside the acting transaction (a transactional outbox) and hands each to the
 * {@link LogPublisher} after the commit. Every append first takes the append lock, so ids commit
 * in increasing order.
 */
final class LogAppender {
    /** NOTIFY carries at most 8000 bytes; an ephemeral entry larger than this is stored instead (PostgreSQL). */
    static final int MAX_NOTIFY_BYTES = 7000;

    private final Clock clock;
    private final LogPublisher publisher;
    private final IdReservations ids;
    private volatile String schema;

    LogAppender(Clock clock, LogPublisher publisher, IdReservations ids) {
        this.clock = clock;
        this.publisher = publisher;
        this.ids = ids;
    }

    long append(Tx tx, Event event, Recipients recipients) {
        tx.lockAppends();
        Hints hints = hintsOf(event);
        if (event.idCount() > 1) hints = hints.withSplitFirstId(ids.below(tx, event.idCount() - 1));
        return appendJson(tx, event.type(), payloadOf(event), hints, recipients);
    }

    /** See {@link EventLog#appendEphemeral}. */
    long appendEphemeral(Tx tx, Event event, Recipients recipients) {
        tx.lockAppends();
        ObjectNode payload = payloadOf(event);
        Hints hints = hintsOf(event);
        ObjectNode notice = null;
        if (tx.dialect() == Dialect.POSTGRES) {
            // the schema: other Stoa databases in other schemas of the same PostgreSQL database hear this channel too
            notice = Json.object().put("schema", schema(tx)).put("type", event.type().wire());
            notice.set("payload", payload);
            notice.set("recipients", recipients.toJson());
            String stored = Hints.write(hints);
            if (stored != null) notice.set("hints", Json.parse(stored));
            if (Json.write(notice).length() > MAX_NOTIFY_BYTES) return appendJson(tx, event.type(), payload, hints, recipients);
        }
        long now = clock.instant().getEpochSecond();
        long id = EventStore.takeId(tx.h(), now, event.type().wire());
        LoggedEvent e = new LoggedEvent(id, now, event.type(), payload, recipients, false, hints);
        publisher.expectUnstored(e);
        if (notice != null) EventStore.notify(tx.h(), Json.write(notice.put("id", id).put("created_at", now)));
        tx.afterCommit(() -> publisher.publishCommitted(e));
        return id;
    }

    private long appendJson(Tx tx, EventType type, ObjectNode payload, Hints hints, Recipients recipients) {
        long now = clock.instant().getEpochSecond();
        long id = EventStore.insert(tx.h(), now, type.wire(), Json.write(payload), Json.write(recipients.toJson()), Hints.write(hints));
        LoggedEvent e = new LoggedEvent(id, now, type, payload, recipients, true, hints);
        tx.afterCommit(() -> publisher.publishCommitted(e));
        return id;
    }

    private static ObjectNode payloadOf(Event event) {
        ObjectNode payload = Json.MAPPER.valueToTree(event);
        ObjectNode ordered = Json.object();
        ordered.put("type", event.type().wire());
        if (event.op() != null) ordered.put("op", event.op());
        ordered.setAll(payload);
        if (event.extras() != null) ordered.setAll(event.extras());
        return ordered;
    }

    private static Hints hintsOf(Event event) {
        return event.hints() == null ? Hints.NONE : event.hints();
    }

    /** This database's schema (PostgreSQL), read once: the NOTIFY channel is shared by every schema. */
    private String schema(Tx tx) {
        String s = schema;
        if (s == null) schema = s = EventStore.currentSchema(tx.h());
        return s;
    }
}
