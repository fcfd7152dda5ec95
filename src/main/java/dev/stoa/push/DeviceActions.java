package dev.stoa.push;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MobileEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.time.Clock;

/**
 * Zulip 12's logged-in devices (feature levels 468, 470): a mobile app registers its install once
 * (POST /register_client_device) and removes it at logout (POST /remove_client_device). Each change
 * reaches the user's own clients as a `device` event, which keeps register's `devices` current.
 */
public final class DeviceActions {
    private final Db db;
    private final EventLog log;
    private final DeviceStore store;
    private final Clock clock;

    public DeviceActions(Db db, EventLog log, DeviceStore store, Clock clock) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.clock = clock;
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
}
