package dev.stoa.push;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MobileEvent;
import dev.stoa.events.Recipients;
import java.time.Clock;
import java.util.List;

/**
 * The relay's answer to a device's E2EE registration (zerver/lib/push_registration.py,
 * handle_register_push_device_to_bouncer): on success the pending token becomes the device's
 * token and the relay's device id is kept (notifications name it); on a refusal the device
 * carries the error code (handle_registration_to_bouncer_failure). Either way the user's clients
 * get the device's new state as a `device` update event. An answer for a token the device no
 * longer waits for (replaced, or the device removed) changes nothing.
 */
public final class DeviceRelayActions {
    private final Db db;
    private final EventLog log;
    private final DeviceStore store;
    private final Clock clock;
    private final PushTokenStore tokens;

    public DeviceRelayActions(Db db, EventLog log, DeviceStore store, Clock clock, PushTokenStore tokens) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.clock = clock;
        this.tokens = tokens;
    }

    /**
     * The relay's answer to an E2EE notification named registrations it no longer holds (zilencer's
     * delete_token_ids: unknown, or reported expired by APNs/FCM): the user's devices lose that token
     * registration, as Zulip's server drops them, and learn it by a device update event (the app then
     * registers again).
     */
    public void doRelayForgot(long userId, List<String> tokenIds) {
        db.write(tx -> {
            for (DeviceStore.Device d : store.ofUser(tx.h(), userId)) {
                if (d.pushTokenId() == null || !tokenIds.contains(d.pushTokenId())) continue;
                DeviceStore.Device now = new DeviceStore.Device(d.id(), d.userId(), d.pushKeyId(), d.pushKey(), null, d.pendingPushTokenId(),
                        d.pushTokenKind(), null, d.pushRegistrationErrorCode());
                store.update(tx.h(), now);
                store.setRelayDeviceId(tx.h(), d.id(), null);
                log.append(tx, DeviceActions.updateEvent(now), Recipients.users(userId));
            }
            return null;
        });
    }

    /** The relay deleted legacy tokens APNs/FCM reported invalid (deleted_devices of remotes/push/notify): so does this server. */
    public void doTokensDeleted(long userId, List<String> android, List<String> apple) {
        db.write(tx -> {
            for (String t : android) tokens.remove(tx.h(), userId, PushTokenStore.FCM, t);
            for (String t : apple) tokens.remove(tx.h(), userId, PushTokenStore.APNS, t);
            return null;
        });
    }

    public void doRelayRegistered(long deviceId, String tokenId, long relayDeviceId) {
        db.write(tx -> {
            DeviceStore.Device d = store.byId(tx.h(), deviceId).orElse(null);
            if (d == null || !tokenId.equals(d.pendingPushTokenId())) return null;
            DeviceStore.Device now = new DeviceStore.Device(d.id(), d.userId(), d.pushKeyId(), d.pushKey(), tokenId, null, d.pushTokenKind(),
                    clock.instant().getEpochSecond(), null);
            store.update(tx.h(), now);
            store.setRelayDeviceId(tx.h(), deviceId, relayDeviceId);
            log.append(tx, DeviceActions.updateEvent(now), Recipients.users(d.userId()));
            return null;
        });
    }

    public void doRelayRefused(long deviceId, String tokenId, String errorCode) {
        db.write(tx -> {
            DeviceStore.Device d = store.byId(tx.h(), deviceId).orElse(null);
            if (d == null || !tokenId.equals(d.pendingPushTokenId())) return null;
            DeviceStore.Device now = new DeviceStore.Device(d.id(), d.userId(), d.pushKeyId(), d.pushKey(), d.pushTokenId(), null,
                    d.pushTokenKind(), d.pushTokenLastUpdatedTimestamp(), errorCode);
            store.update(tx.h(), now);
            log.append(tx, DeviceActions.updateEvent(now), Recipients.users(d.userId()));
            return null;
        });
    }
}
