package dev.stoa.push;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Tx;
import java.time.Clock;

/**
 * What push features call to reach the relay: the request becomes a row of push_outbox in the
 * caller's transaction (it exists if and only if the change that decided it commits) and the
 * sender gets it after commit; while the relay is down it waits with backoff, across restarts.
 */
public final class PushOutbox {
    /**
     * One relay request: `fields` is the JSON body, or the form fields when `json` is false;
     * `messageId` the message a notification is for (sent only while the user has not read it).
     */
    public record Request(String kind, String endpoint, boolean json, ObjectNode fields, Long userId, Long deviceId, Long messageId) {
        public Request(String kind, String endpoint, boolean json, ObjectNode fields, Long userId, Long deviceId) {
            this(kind, endpoint, json, fields, userId, deviceId, null);
        }
    }

    private final PushOutboxStore store;
    private final Clock clock;
    private final PushSender sender;

    public PushOutbox(PushOutboxStore store, Clock clock, PushSender sender) {
        this.store = store;
        this.clock = clock;
        this.sender = sender;
    }

    /** Whether requests leave this server at all; without a relay nothing is queued. */
    public boolean configured() { return sender.configured(); }

    public void enqueue(Tx tx, Request r) {
        store.insert(tx.h(), r.kind(), r.endpoint(), r.json(), r.fields().toString(), r.userId(), r.deviceId(), r.messageId(),
                clock.instant().getEpochSecond());
        tx.afterCommit(sender::kick);
    }
}
