package dev.stoa.presence;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.time.Clock;

/** POST /users/me/presence, GET /realm/presence, GET /users/{user_id_or_email}/presence, and register's presence state. */
public final class PresenceViews {
    private final PresenceQueries queries;
    private final PresenceActions actions;
    private final Clock clock;

    public PresenceViews(PresenceQueries queries, PresenceActions actions, Clock clock) {
        this.queries = queries;
        this.actions = actions;
        this.clock = clock;
    }

    private static User human(Request req) {
        User me = req.user();
        if (me.isBot()) throw CommonErrors.endpointDoesNotAcceptBotRequests();
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
        if (!status.equals("active") && !status.equals("idle")) throw PresenceErrors.invalidStatus(status);
        long now = clock.instant().getEpochSecond();
        actions.doReport(me, status.equals("active"), now);
        ObjectNode out = Json.success();
        if (pingOnly) {
            out.put("presence_last_update_id", lastUpdateId == null ? -1 : Math.max(lastUpdateId, -1));
            return out;
        }
        return queries.fill(me, modern, lastUpdateId, days == null ? 14 : days, out);
    }

    public Object realm(Request req) {
        User me = req.user();
        return queries.realm(me);
    }

    public Object ofUser(Request req) {
        User me = req.user();
        String key = req.pathParam("user_id_or_email");
        return queries.ofUser(me, key);
    }
}
