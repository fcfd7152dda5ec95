package dev.stoa.push;

import org.jdbi.v3.core.Handle;

/** SQL for mobile push tokens. */
public final class PushTokenStore {
    /** Zulip's PushDeviceToken kinds. */
    public static final int APNS = 1, FCM = 2;

    /** Registers the token for the user; a token already registered stays as it is. */
    public void add(Handle h, long userId, int kind, String token, String iosAppId, long now) {
        h.createUpdate("INSERT INTO push_device_tokens (user_id, kind, token, ios_app_id, last_updated) VALUES (?, ?, ?, ?, ?) "
                        + "ON CONFLICT (user_id, kind, token) DO NOTHING")
                .bind(0, userId).bind(1, kind).bind(2, token).bind(3, iosAppId).bind(4, now).execute();
    }

    /** Whether the user had this token (then removed). */
    public boolean remove(Handle h, long userId, int kind, String token) {
        return h.createUpdate("DELETE FROM push_device_tokens WHERE user_id = ? AND kind = ? AND token = ?")
                .bind(0, userId).bind(1, kind).bind(2, token).execute() > 0;
    }

    public int count(Handle h, long userId) {
        return h.createQuery("SELECT COUNT(*) FROM push_device_tokens WHERE user_id = ?").bind(0, userId).mapTo(Integer.class).one();
    }
}
