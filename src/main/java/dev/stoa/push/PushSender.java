package dev.stoa.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stoa.db.Db;
import dev.stoa.db.OutboxRunner;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers push_outbox to the relay through an {@link OutboxRunner} (after commit and on every
 * collector pass): a row is claimed before it is sent
 * (its next attempt moves to the backoff time, so another node skips it and a crash mid-send
 * retries it later); network trouble and 5xx answers are retried with backoff doubling from one
 * minute to an hour, MAX_ATTEMPTS in all (about a day, Zulip's PUSH_REGISTRATION_LIVENESS_TIMEOUT);
 * a refusal (4xx) is final. A device registration's outcome goes to its device (DeviceActions).
 */
public final class PushSender {
    private static final Logger LOG = LoggerFactory.getLogger(PushSender.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    static final int MAX_ATTEMPTS = 30;

    private final Db db;
    private final PushOutboxStore store;
    private final Clock clock;
    private final RelayClient relay;
    private final DeviceRelayActions devices;
    private final PushAvailability availability;
    private final OutboxRunner<PushOutboxStore.Row> runner;

    public PushSender(Db db, PushOutboxStore store, Clock clock, RelayClient relay, DeviceRelayActions devices, PushAvailability availability) {
        this.availability = availability;
        this.db = db;
        this.store = store;
        this.clock = clock;
        this.relay = relay;
        this.devices = devices;
        this.runner = new OutboxRunner<>("push", db, clock, store, this::attempt, OutboxRunner::doublingFromAMinute, 1);
    }

    public boolean configured() { return relay.configured(); }

    void kick() {
        if (relay.configured()) runner.kick();
    }

    /** One pass over the due requests (the collector's task); never throws. Returns how many the relay accepted. */
    public int deliverDue() {
        return relay.configured() ? runner.deliverDue() : 0;
    }

    private boolean attempt(PushOutboxStore.Row r) {
        if (readMeanwhile(r)) return false;
        try {
            JsonNode answer = r.json() ? relay.postJson(r.endpoint(), r.body()) : relay.postForm(r.endpoint(), form(r.body()));
            long now = clock.instant().getEpochSecond();
            db.write(tx -> {
                store.markSent(tx.h(), r.id(), now);
                // A notify answer says whether this organization may push (its "realm"): kept with the row's outcome.
                JsonNode realm = answer.path("realm");
                if (r.kind().equals("notify") && realm.isObject()) {
                    availability.update(tx, realm.path("can_push").asBoolean(), realm.path("expected_end_timestamp").isNumber()
                            ? realm.get("expected_end_timestamp").asLong() : null);
                }
                return null;
            });
            settle(r, answer);
            return true;
        } catch (RelayClient.RelayException e) {
            // MISSING_REMOTE_REALM: the relay does not know the organization yet (./stoa register-push-relay fixes it): worth retrying.
            boolean retry = e.retry || "MISSING_REMOTE_REALM".equals(e.code);
            boolean giveUp = !retry || r.attempts() + 1 >= MAX_ATTEMPTS;
            long now = clock.instant().getEpochSecond();
            LOG.warn("push relay request {} ({}) not accepted (attempt {}): {}", r.id(), r.endpoint(), r.attempts() + 1, e.getMessage());
            if ("PUSH_NOTIFICATIONS_DISALLOWED".equals(e.code)) record(false, null);
            db.write(tx -> {
                store.markFailedAttempt(tx.h(), r.id(), e.getMessage(), giveUp ? now : null);
                return null;
            });
            if (giveUp && r.kind().equals("e2ee_register") && r.deviceId() != null) {
                // Zulip's handle_registration_to_bouncer_failure: the device learns the error code.
                devices.doRelayRefused(r.deviceId(), fields(r).path("token_id").asText(), retry || e.code == null ? "REQUEST_EXPIRED" : e.code);
            }
            return false;
        }
    }

    /**
     * A message notification whose message the user read (or lost) since it was decided, e.g. while
     * the relay was down, is not pushed (Zulip's handle_push_notification checks the read flag too).
     */
    private boolean readMeanwhile(PushOutboxStore.Row r) {
        if (r.messageId() == null || r.userId() == null || !db.read(h -> store.readOrGone(h, r.userId(), r.messageId()))) return false;
        long now = clock.instant().getEpochSecond();
        db.write(tx -> {
            store.markDropped(tx.h(), r.id(), "not sent: the message was read first", now);
            return null;
        });
        return true;
    }

    /** What the relay's answer changes here: a registration's outcome, registrations and tokens it dropped. */
    private void settle(PushOutboxStore.Row r, JsonNode answer) {
        switch (r.kind()) {
            case "e2ee_register" -> {
                if (r.deviceId() != null) devices.doRelayRegistered(r.deviceId(), fields(r).path("token_id").asText(), answer.path("device_id").asLong());
            }
            case "e2ee_notify" -> {
                List<String> gone = texts(answer.path("delete_token_ids"));
                if (!gone.isEmpty() && r.userId() != null) devices.doRelayForgot(r.userId(), gone);
            }
            case "notify" -> {
                List<String> android = texts(answer.path("deleted_devices").path("android_devices"));
                List<String> apple = texts(answer.path("deleted_devices").path("apple_devices"));
                if ((!android.isEmpty() || !apple.isEmpty()) && r.userId() != null) devices.doTokensDeleted(r.userId(), android, apple);
            }
            default -> { }
        }
    }

    private void record(boolean canPush, Long end) {
        db.write(tx -> {
            availability.update(tx, canPush, end);
            return null;
        });
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : array) out.add(n.asText());
        return out;
    }

    private static JsonNode fields(PushOutboxStore.Row r) {
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new IllegalStateException("push_outbox row " + r.id() + " holds no JSON", e);
        }
    }

    private static Map<String, String> form(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            JSON.readTree(body).properties().forEach(e -> out.put(e.getKey(), e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
        } catch (IOException e) {
            throw new IllegalStateException("push_outbox form body is not JSON", e);
        }
        return out;
    }
}
