package dev.stoa.push;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.time.Clock;

/** Registering and removing a device's push token (forwarded to the relay when one is configured); no events (nothing in register describes them). */
public final class PushActions {
    private final Db db;
    private final PushTokenStore store;
    private final Clock clock;
    private final PushOutbox outbox;
    private final PushRelayStore relay;

    public PushActions(Db db, PushTokenStore store, Clock clock, PushOutbox outbox, PushRelayStore relay) {
        this.db = db;
        this.store = store;
        this.clock = clock;
        this.outbox = outbox;
        this.relay = relay;
    }

    /** token already checked (PushRules.checkToken); iosAppId only for APNs. */
    public void checkAdd(User caller, int kind, String token, String iosAppId) {
        UserRules.humanOnly(caller);
        db.write(tx -> {
            store.add(tx.h(), caller.id(), kind, token, iosAppId, clock.instant().getEpochSecond());
            if (outbox.configured()) forward(tx, "register", caller.id(), kind, token, iosAppId);
            return null;
        });
    }

    public void checkRemove(User caller, int kind, String token) {
        UserRules.humanOnly(caller);
        db.write(tx -> {
            if (!store.remove(tx.h(), caller.id(), kind, token)) throw PushErrors.tokenDoesNotExist();
            if (outbox.configured()) forward(tx, "unregister", caller.id(), kind, token, null);
            return null;
        });
    }

    /**
     * The token's (un)registration at the relay, as zerver/lib/push_notifications.py add_push_device_token and
     * remove_push_device_token send it (form fields of zilencer's register_remote_push_device and
     * unregister_remote_push_device), through the outbox rather than during the request.
     */
    private void forward(Tx tx, String what, long userId, int kind, String token, String iosAppId) {
        var f = new ObjectMapper().createObjectNode();
        f.put("user_uuid", relay.userUuid(tx.h(), userId)).put("realm_uuid", relay.realmUuid(tx.h()))
                .put("user_id", String.valueOf(userId)).put("token", token).put("token_kind", String.valueOf(kind));
        if (iosAppId != null) f.put("ios_app_id", iosAppId);
        outbox.enqueue(tx, new PushOutbox.Request(what, "push/" + what, false, f, userId, null));
    }
}
