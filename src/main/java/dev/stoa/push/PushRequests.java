package dev.stoa.push;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Tx;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One notification for one user, as the relay requests that carry it to the user's devices
 * (queued in the push outbox): remotes/push/notify for the legacy tokens (zerver/lib/push_notifications.py
 * send_notifications_to_bouncer: the user, the realm, both platforms' payloads, the FCM options and
 * the token lists), remotes/push/e2ee/notify for the E2EE devices (send_push_notifications: the
 * realm and one push request per device, named by its token id, its payload encrypted with the
 * device's push key; for APNs the HTTP headers and an alert the app's notification service
 * replaces, as zilencer/lib/push_notifications.py reads them). Removals go at normal priority,
 * in the background.
 */
final class PushRequests {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final PushOutbox outbox;
    private final PushRelayStore relay;

    PushRequests(PushOutbox outbox, PushRelayStore relay) {
        this.outbox = outbox;
        this.relay = relay;
    }

    /** What one notification says on each kind of device; `messageId` the message notified (null: a removal or a test). */
    record Payloads(ObjectNode gcm, String gcmPriority, ObjectNode apns, ObjectNode e2ee, boolean removal, Long messageId) {}

    /** Queues the notification for every device of the user; returns how many relay requests were queued. */
    int enqueue(Tx tx, long userId, List<PushNotifyStore.Token> tokens, List<PushNotifyStore.E2eeDevice> devices, Payloads p) {
        int queued = 0;
        if (!tokens.isEmpty()) {
            outbox.enqueue(tx, new PushOutbox.Request("notify", "push/notify", true, legacy(tx, userId, tokens, p), userId, null, p.messageId()));
            queued++;
        }
        if (!devices.isEmpty()) {
            outbox.enqueue(tx, new PushOutbox.Request("e2ee_notify", "push/e2ee/notify", true, e2ee(tx, devices, p), userId, null, p.messageId()));
            queued++;
        }
        return queued;
    }

    private ObjectNode legacy(Tx tx, long userId, List<PushNotifyStore.Token> tokens, Payloads p) {
        ObjectNode o = JSON.createObjectNode();
        o.put("user_uuid", relay.userUuid(tx.h(), userId)).put("user_id", userId).put("realm_uuid", relay.realmUuid(tx.h()));
        o.set("apns_payload", p.apns());
        o.set("gcm_payload", p.gcm());
        o.putObject("gcm_options").put("priority", p.gcmPriority());
        ArrayNode android = o.putArray("android_devices"), apple = o.putArray("apple_devices");
        for (PushNotifyStore.Token t : tokens) (t.kind() == PushTokenStore.APNS ? apple : android).add(t.token());
        return o;
    }

    private ObjectNode e2ee(Tx tx, List<PushNotifyStore.E2eeDevice> devices, Payloads p) {
        ObjectNode o = JSON.createObjectNode();
        o.put("realm_uuid", relay.realmUuid(tx.h()));
        ArrayNode requests = o.putArray("push_requests");
        byte[] plaintext = p.e2ee().toString().getBytes(StandardCharsets.UTF_8);
        for (PushNotifyStore.E2eeDevice d : devices) {
            ObjectNode r = requests.addObject().put("token_id", d.tokenId());
            ObjectNode payload = JSON.createObjectNode().put("push_key_id", d.pushKeyId())
                    .put("encrypted_data", PushCrypto.encrypt(d.pushKey(), plaintext));
            if ("apns".equals(d.tokenKind())) {
                r.putObject("http_headers").put("apns_priority", p.removal() ? 5 : 10).put("apns_push_type", p.removal() ? "background" : "alert");
                ObjectNode aps = payload.putObject("aps");
                if (p.removal()) aps.put("content-available", 1);
                else aps.put("mutable-content", 1).putObject("alert").put("title", "New notification");
            } else {
                r.put("fcm_priority", p.removal() ? "normal" : "high");
            }
            r.set("payload", payload);
        }
        return o;
    }
}
