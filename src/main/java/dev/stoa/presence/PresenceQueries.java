package dev.stoa.presence;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.users.ApiEmail;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserStore;
import java.time.Clock;
import org.jdbi.v3.core.Handle;

/** The presences the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class PresenceQueries {
    private final Db db;
    private final PresenceStore store;
    private final UserStore users;
    private final ApiEmail apiEmail;
    private final UserAccess access;
    private final Clock clock;
    private final PresenceState state;

    public PresenceQueries(Db db, PresenceStore store, UserStore users, ApiEmail apiEmail, UserAccess access, Clock clock,
                           PresenceState state) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.apiEmail = apiEmail;
        this.access = access;
        this.clock = clock;
        this.state = state;
    }

    /** Fills `out` with the presences `me` sees (PresenceState's modern or legacy form) and returns it. */
    public ObjectNode fill(User me, boolean modern, Long lastUpdateId, int days, ObjectNode out) {
        return db.read(h -> {
            state.fill(h, me, modern, lastUpdateId, days, out);
            return out;
        });
    }

    /** GET /realm/presence's answer. */
    public ObjectNode realm(User me) {
        return db.read(h -> {
            ObjectNode out = Json.success();
            state.fill(h, me, false, null, 14, out);
            out.remove("presence_last_update_id");
            return out;
        });
    }

    /** GET /users/{user_id_or_email}/presence's answer. */
    public ObjectNode ofUser(User me, String key) {
        return db.read(h -> {
            User target = find(h, key);
            if (target == null || !target.isActive() || target.isSystemBot()) throw ApiError.bad("No such user");
            if (target.isBot()) throw ApiError.bad("Presence is not supported for bot users.");
            if (!access.canAccess(h, me, target)) throw ApiError.bad("Insufficient permission");
            PresenceRow row = PresenceActions.enabled(target) ? store.get(h, target.id()).orElse(null) : null;
            if (row == null) throw ApiError.bad("No presence data for " + key);
            ObjectNode website = row.legacyEntry(false), aggregated = row.legacyEntry(false);
            website.remove("client");
            aggregated.remove("client");
            if (clock.instant().getEpochSecond() - aggregated.get("timestamp").asLong() > PresenceRow.OFFLINE_THRESHOLD_SECS) {
                aggregated.put("status", "offline");
            }
            ObjectNode out = Json.success();
            ObjectNode p = out.putObject("presence");
            p.set("website", website);
            p.set("aggregated", aggregated);
            return out;
        });
    }

    private User find(Handle h, String key) {
        if (!key.isEmpty() && key.chars().allMatch(Character::isDigit) && key.length() < 18) {
            return users.byId(h, Long.parseLong(key)).orElse(null);
        }
        for (User u : users.all(h)) {
            if (apiEmail.of(u).equalsIgnoreCase(key) || u.deliveryEmail().equalsIgnoreCase(key)) return u;
        }
        return null;
    }
}
