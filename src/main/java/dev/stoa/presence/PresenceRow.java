package dev.stoa.presence;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;

/** A user's presence: when a client last connected (idle or active) and when the user was last active. */
public record PresenceRow(long userId, long lastConnected, Long lastActive, long lastUpdateId) {
    /** Seconds after which a user with no new report is offline (Zulip's OFFLINE_THRESHOLD_SECS). */
    public static final long OFFLINE_THRESHOLD_SECS = 140;
    /** Zulip's PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS. */
    static final long LEGACY_ACTIVE_OFFSET_SECS = 70;

    /** Modern form: {active_timestamp, idle_timestamp}. */
    public ObjectNode modern() {
        return Json.object().put("active_timestamp", lastActive == null ? 0 : lastActive).put("idle_timestamp", lastConnected);
    }

    /** One legacy client entry ("website"): status and timestamp derived from the two times. */
    public ObjectNode legacyEntry(boolean withPushable) {
        boolean active = lastActive != null && lastActive + LEGACY_ACTIVE_OFFSET_SECS >= lastConnected;
        ObjectNode o = Json.object().put("client", "website").put("status", active ? "active" : "idle")
                .put("timestamp", active ? lastActive : lastConnected);
        if (withPushable) o.put("pushable", false);
        return o;
    }

    /** Legacy form: {"website": {...}, "aggregated": {...}}. */
    public ObjectNode legacy() {
        ObjectNode o = Json.object();
        o.set("website", legacyEntry(true));
        o.set("aggregated", legacyEntry(false));
        return o;
    }
}
