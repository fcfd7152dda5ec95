package dev.stoa.presence;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jdbi.v3.core.Handle;

/** POST /users/me/presence, GET /realm/presence, GET /users/{user_id_or_email}/presence, and register's presence state. */
public final class PresenceViews {
    private final Db db;
    private final PresenceStore store;
    private final PresenceActions actions;
    private final UserStore users;
    private final Function<User, String> apiEmail;
    private final UserAccess access;
    /** The server setting CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE: lists show only users the viewer can see. */
    private final boolean limited;
    private final Clock clock;
    private final PresenceState state;

    public PresenceViews(Db db, PresenceStore store, PresenceActions actions, UserStore users, Function<User, String> apiEmail,
                         UserAccess access, boolean limited, Clock clock, PresenceState state) {
        this.state = state;
        this.db = db;
        this.store = store;
        this.actions = actions;
        this.users = users;
        this.apiEmail = apiEmail;
        this.access = access;
        this.limited = limited;
        this.clock = clock;
    }

    private static User human(Request req) {
        User me = req.user();
        if (me.isBot()) throw ApiError.bad("This endpoint does not accept bot requests.");
        return me;
    }

    public Object report(Request req) {
        User me = human(req);
        Long lastUpdateId = req.optLong("last_update_id").orElse(null);
        Integer days = req.has("history_limit_days") ? req.integer("history_limit_days", 14) : null;
        boolean pingOnly = req.bool("ping_only", false);
        req.bool("new_user_input", false);
        boolean modern = req.bool("slim_presence", false) || lastUpdateId != null;
        String status = req.str("status");
        if (!status.equals("active") && !status.equals("idle")) throw ApiError.bad("Invalid status: " + status);
        long now = clock.instant().getEpochSecond();
        actions.doReport(me, status.equals("active"), now);
        ObjectNode out = Json.success();
        if (pingOnly) {
            out.put("presence_last_update_id", lastUpdateId == null ? -1 : Math.max(lastUpdateId, -1));
            return out;
        }
        return db.read(h -> {
            state.fill(h, me, modern, lastUpdateId, days == null ? 14 : days, out);
            return out;
        });
    }

    public Object realm(Request req) {
        User me = req.user();
        return db.read(h -> {
            ObjectNode out = Json.success();
            state.fill(h, me, false, null, 14, out);
            out.remove("presence_last_update_id");
            return out;
        });
    }

    public Object ofUser(Request req) {
        User me = req.user();
        String key = req.pathParam("user_id_or_email");
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
            if (apiEmail.apply(u).equalsIgnoreCase(key) || u.deliveryEmail().equalsIgnoreCase(key)) return u;
        }
        return null;
    }
}
