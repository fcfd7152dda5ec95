package dev.stoa.push;

import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.util.List;

/**
 * Test notifications, which a user triggers to check that their phone gets notifications: Zulip's
 * send_test_push_notification_api (legacy tokens, level 217) and send_e2ee_test_push_notification_api
 * (E2EE devices, level 420; a device named by device_id since level 468). They go through the push
 * outbox like every notification, so a relay's refusal is logged and kept there rather than answered.
 */
public final class PushTestActions {
    private final Db db;
    private final PushNotifier notifier;
    private final PushOutbox outbox;

    public PushTestActions(Db db, PushNotifier notifier, PushOutbox outbox) {
        this.db = db;
        this.notifier = notifier;
        this.outbox = outbox;
    }

    /**
     * To the legacy token `token` of the caller, or to all of them (null). An unknown token is Zulip's
     * INVALID_PUSH_DEVICE_TOKEN. Without a relay nothing is sent (Zulip's server without push credentials).
     */
    public void checkLegacyTest(User caller, String token) {
        UserRules.humanOnly(caller);
        db.write(tx -> {
            List<PushNotifyStore.Token> tokens = notifier.store().tokens(tx.h(), caller.id());
            if (token != null) {
                tokens = tokens.stream().filter(t -> t.token().equals(token)).limit(1).toList();
                if (tokens.isEmpty()) throw PushErrors.deviceNotRecognized();
            }
            if (outbox.configured()) notifier.doTest(tx, caller, tokens, List.of());
            return null;
        });
    }

    /** To the caller's E2EE device `deviceId`, or to all of them (null); refused when there is none to send to. */
    public void checkE2eeTest(User caller, Long deviceId) {
        UserRules.humanOnly(caller);
        if (!outbox.configured()) {
            throw PushErrors.pushNotConfigured();
        }
        db.write(tx -> {
            List<PushNotifyStore.E2eeDevice> devices = notifier.store().e2eeDevices(tx.h(), caller.id());
            if (deviceId != null) {
                devices = devices.stream().filter(d -> d.id() == deviceId).toList();
                if (devices.isEmpty()) throw PushErrors.invalidDeviceId();
            }
            if (devices.isEmpty()) throw PushErrors.noActivePushDevice();
            notifier.doTest(tx, caller, List.of(), devices);
            return null;
        });
    }
}
