package dev.stoa.push;

import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.time.Clock;

/** Registering and removing a device's push token; no events (nothing in register describes them). */
public final class PushActions {
    private final Db db;
    private final PushTokenStore store;
    private final Clock clock;

    public PushActions(Db db, PushTokenStore store, Clock clock) {
        this.db = db;
        this.store = store;
        this.clock = clock;
    }

    /** token already checked (PushRules.checkToken); iosAppId only for APNs. */
    public void checkAdd(User caller, int kind, String token, String iosAppId) {
        UserRules.humanOnly(caller);
        db.write(tx -> {
            store.add(tx.h(), caller.id(), kind, token, iosAppId, clock.instant().getEpochSecond());
            return null;
        });
    }

    public void checkRemove(User caller, int kind, String token) {
        UserRules.humanOnly(caller);
        db.write(tx -> {
            if (!store.remove(tx.h(), caller.id(), kind, token)) throw ApiError.bad("Token does not exist");
            return null;
        });
    }
}
