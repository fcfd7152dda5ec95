package dev.stoa.push;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MobileEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.time.Clock;
import java.util.Base64;

/**
 * Zulip 12's logged-in devices (feature levels 468, 470): a mobile app registers its install once
 * (POST /register_client_device) and removes it at logout (POST /remove_client_device). Each change
 * reaches the user's own clients as a `device` event, which keeps register's `devices` current.
 * POST /mobile_push/register gives a device its push key and forwards its token registration
 * (encrypted by the app for the relay) to the relay through the push outbox.
 */
public final class DeviceActions {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Db db;
    private final EventLog log;
    private final DeviceStore store;
    private final Clock clock;
    private final PushOutbox outbox;
    private final PushRelayStore relay;

    public DeviceActions(Db db, EventLog log, DeviceStore store, Clock clock, PushOutbox outbox, PushRelayStore relay) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.clock = clock;
        this.outbox = outbox;
        this.relay = relay;
    }

    /** What POST /mobile_push/register carries: the push key fields, the token fields, either group null when absent. */
    public record PushRegistration(long deviceId, Long pushKeyId, byte[] pushKey, String tokenKind, String tokenId, String bouncerPublicKey,
                                   String encryptedPushRegistration) {
        boolean hasKey() { return pushKey != null; }
        boolean hasToken() { return tokenId != null; }
    }

    public long checkRegister(User caller) {
        UserRules.humanOnly(caller);
        return db.write(tx -> {
            long id = store.create(tx.h(), caller.id(), clock.instant().getEpochSecond());
            log.append(tx, new MobileEvent.DeviceAdd(id), Recipients.users(caller.id()));
            return id;
        });
    }

    public void checkRemove(User caller, long deviceId) {
        UserRules.humanOnly(caller);
        db.write(tx -> {
            if (store.of(tx.h(), caller.id(), deviceId).isEmpty()) throw ApiError.bad("Invalid device ID");
            store.delete(tx.h(), deviceId);
            log.append(tx, new MobileEvent.DeviceRemove(deviceId), Recipients.users(caller.id()));
            return null;
        });
    }

    /**
     * Registers (or rotates) a device's push key and token. The key stays on this server (it encrypts
     * the device's notifications); the token registration goes to the relay, encrypted by the app for
     * the relay's public key, so this server never sees the FCM/APNs token. Until the relay answers,
     * the token id is pending.
     */
    public void checkRegisterPush(User caller, PushRegistration in) {
        UserRules.humanOnly(caller);
        if (!outbox.configured()) {
            throw ApiError.of(ErrorCode.PUSH_SERVICE_NOT_CONFIGURED, "Server is not configured to use push notification service.");
        }
        db.write(tx -> {
            DeviceStore.Device d = store.of(tx.h(), caller.id(), in.deviceId()).orElseThrow(() -> ApiError.bad("Invalid `device_id`"));
            checkRegistrationFits(d, in);
            DeviceStore.Device now = new DeviceStore.Device(d.id(), d.userId(),
                    in.hasKey() ? in.pushKeyId() : d.pushKeyId(),
                    in.hasKey() ? Base64.getEncoder().encodeToString(in.pushKey()) : d.pushKey(),
                    d.pushTokenId(), in.hasToken() ? in.tokenId() : d.pendingPushTokenId(),
                    in.hasToken() ? in.tokenKind() : d.pushTokenKind(), d.pushTokenLastUpdatedTimestamp(),
                    in.hasToken() ? null : d.pushRegistrationErrorCode());
            store.update(tx.h(), now);
            if (in.hasToken()) {
                // zerver/lib/push_registration.py handle_register_push_device_to_bouncer: realm_uuid and the
                // app's fields, as the relay's /remotes/push/e2ee/register takes them (token_id since level 468).
                ObjectNode f = JSON.createObjectNode();
                f.put("realm_uuid", relay.realmUuid(tx.h())).put("token_id", in.tokenId())
                        .put("encrypted_push_registration", in.encryptedPushRegistration()).put("bouncer_public_key", in.bouncerPublicKey());
                outbox.enqueue(tx, new PushOutbox.Request("e2ee_register", "push/e2ee/register", false, f, caller.id(), d.id()));
            }
            log.append(tx, updateEvent(now), Recipients.users(caller.id()));
            return null;
        });
    }

    /**
     * register_push_device's rules: some whole group of fields; a key or a token alone rotates an
     * existing registration only; no new token while the relay has not answered the last one.
     */
    private static void checkRegistrationFits(DeviceStore.Device d, PushRegistration in) {
        if (!in.hasKey() && !in.hasToken()) {
            throw ApiError.bad("Missing parameters: must provide either all push key fields, all token fields, or both.");
        }
        if (!in.hasToken()) {
            if (d.pushKeyId() == null) throw ApiError.bad("No push registration exists to rotate key for.");
            return;
        }
        if (d.pushRegistrationErrorCode() == null && d.pendingPushTokenId() != null) {
            throw ApiError.bad("A registration for the device already in progress.");
        }
        if (!in.hasKey() && d.pushKeyId() == null) throw ApiError.bad("No push registration exists to rotate token for.");
    }

    static MobileEvent.DeviceUpdate updateEvent(DeviceStore.Device d) {
        return new MobileEvent.DeviceUpdate(d.id(), d.pushKeyId(), d.pushTokenId(), d.pendingPushTokenId(), d.pushTokenLastUpdatedTimestamp(),
                d.pushRegistrationErrorCode());
    }
}
