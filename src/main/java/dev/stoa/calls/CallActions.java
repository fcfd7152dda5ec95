package dev.stoa.calls;

import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;

/**
 * Stores or forgets a user's provider token. When whether the user holds one changes, the user's
 * clients get has_meeting_token (the seed's name) and has_zoom_token (Zulip's, for Zoom).
 */
public final class CallActions {
    private final Db db;
    private final EventLog log;
    private final CallStore store;

    public CallActions(Db db, EventLog log, CallStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
    }

    public void doSetToken(long userId, String provider, String token) {
        db.write(tx -> {
            boolean had = store.token(tx.h(), userId, provider).isPresent();
            store.put(tx.h(), userId, provider, token);
            if (!had) announce(tx, userId, provider, true);
            return null;
        });
    }

    public void doForgetToken(long userId, String provider) {
        db.write(tx -> {
            if (store.delete(tx.h(), userId, provider)) announce(tx, userId, provider, false);
            return null;
        });
    }

    private void announce(Tx tx, long userId, String provider, boolean value) {
        log.append(tx, new MiscEvent.HasMeetingToken(value), Recipients.users(userId));
        if ("zoom".equals(provider)) log.append(tx, new MiscEvent.HasZoomToken(value), Recipients.users(userId));
    }
}
