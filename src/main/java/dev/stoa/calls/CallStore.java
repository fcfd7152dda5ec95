package dev.stoa.calls;

import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for users' video-call provider tokens. */
public final class CallStore {
    public Optional<String> token(Handle h, long userId, String provider) {
        return h.createQuery("SELECT token FROM meeting_tokens WHERE user_id = ? AND provider = ?")
                .bind(0, userId).bind(1, provider).mapTo(String.class).findOne();
    }

    public void put(Handle h, long userId, String provider, String token) {
        h.execute("INSERT INTO meeting_tokens (user_id, provider, token) VALUES (?, ?, ?) "
                + "ON CONFLICT (user_id, provider) DO UPDATE SET token = excluded.token", userId, provider, token);
    }

    public boolean delete(Handle h, long userId, String provider) {
        return h.execute("DELETE FROM meeting_tokens WHERE user_id = ? AND provider = ?", userId, provider) > 0;
    }
}
