package dev.stoa.presence;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.Hints;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.users.ApiEmail;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jdbi.v3.core.Handle;

/**
 * Records presence reports. Pings are frequent, so a report that changes nothing by more than
 * {@link #MIN_WRITE_INTERVAL_SECS} is answered from an in-memory copy of the last written row,
 * without touching the database. A write takes the next presence sequence number; an event goes
 * out only when the user comes online or becomes active again, and (as in Zulip) not at all in
 * realms too large for presence events to be worth their fan-out.
 */
public final class PresenceActions {
    /** Zulip's PRESENCE_UPDATE_MIN_FREQ_SECONDS, rounded to a minute. */
    static final long MIN_WRITE_INTERVAL_SECS = 60;
    /** Zulip's USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS. */
    static final long EVENT_USER_LIMIT = 100;

    private final Db db;
    private final EventLog log;
    private final PresenceStore store;
    private final ApiEmail apiEmail;
    private final UserAccess access;
    /** CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE: only users who can see the user hear of it. */
    private final boolean limited;
    /** Last written row per user; another node's newer write only makes us write again, never skip a needed write. */
    private final Map<Long, PresenceRow> written = new ConcurrentHashMap<>();

    private final UserStore users;

    public PresenceActions(Db db, EventLog log, PresenceStore store, UserStore users, ApiEmail apiEmail, UserAccess access,
                           boolean limited) {
        this.users = users;
        this.access = access;
        this.limited = limited;
        this.db = db;
        this.log = log;
        this.store = store;
        this.apiEmail = apiEmail;
    }

    static boolean needsWrite(PresenceRow old, boolean active, long now) {
        if (old == null || now >= old.lastConnected() + MIN_WRITE_INTERVAL_SECS) return true;
        return active && (old.lastActive() == null || now >= old.lastActive() + MIN_WRITE_INTERVAL_SECS);
    }

    public void doReport(User user, boolean active, long now) {
        PresenceRow cached = written.get(user.id());
        if (cached != null && !needsWrite(cached, active, now)) return;
        db.write(tx -> {
            PresenceRow old = store.get(tx.h(), user.id()).orElse(null);
            if (old != null && !needsWrite(old, active, now)) {
                written.put(user.id(), old);
                return null;
            }
            long connected = old == null || now >= old.lastConnected() + MIN_WRITE_INTERVAL_SECS ? now : old.lastConnected();
            Long lastActive = old == null ? null : old.lastActive();
            if (active && (lastActive == null || now >= lastActive + MIN_WRITE_INTERVAL_SECS)) lastActive = now;
            PresenceRow row = new PresenceRow(user.id(), connected, lastActive, store.nextUpdateId(tx.h()));
            store.put(tx.h(), row);
            boolean cameOnline = old == null || now - old.lastConnected() > PresenceRow.OFFLINE_THRESHOLD_SECS;
            boolean becameActive = active && (old == null || old.lastActive() == null
                    || now - old.lastActive() > PresenceRow.OFFLINE_THRESHOLD_SECS);
            if ((cameOnline || becameActive) && enabled(user) && smallRealm(tx.h())) {
                log.append(tx, event(user, row, now), limited ? access.audience(tx.h(), user) : Recipients.all());
            }
            tx.afterCommit(() -> written.put(user.id(), row));
            return null;
        });
    }

    private boolean smallRealm(Handle h) {
        return users.activeHumanCount(h) <= EVENT_USER_LIMIT;
    }

    /** The event in both forms; Delivery picks the modern one for simplified_presence_events queues, the legacy one otherwise. */
    private MiscEvent.Presence event(User user, PresenceRow row, long now) {
        ObjectNode modern = Json.object();
        modern.putObject("presences").set(String.valueOf(user.id()), row.modern());
        ObjectNode legacy = Json.object().put("user_id", user.id()).put("email", apiEmail.of(user)).put("server_timestamp", (double) now);
        legacy.putObject("presence").set("website", row.legacyEntry(true));
        return new MiscEvent.Presence(Hints.NONE.withPresence(new Hints.PresenceForms(modern, legacy)));
    }

    /** Whether the user shares presence (presence_enabled). */
    public static boolean enabled(User u) {
        return u.setting("presence_enabled").asBoolean(true);
    }
}
