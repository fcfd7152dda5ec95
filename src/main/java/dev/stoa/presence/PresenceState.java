package dev.stoa.presence;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.queues.StateContributor;
import dev.stoa.users.ApiEmail;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jdbi.v3.core.Handle;

/** register's presences, and the presence lists GET /realm/presence answers. */
public final class PresenceState implements StateContributor {
    private final PresenceStore store;
    private final UserStore users;
    private final ApiEmail apiEmail;
    private final UserAccess access;
    /** The server setting CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE: lists show only users the viewer can see. */
    private final boolean limited;
    private final Clock clock;

    public PresenceState(PresenceStore store, UserStore users, ApiEmail apiEmail, UserAccess access, boolean limited,
                         Clock clock) {
        this.store = store;
        this.users = users;
        this.apiEmail = apiEmail;
        this.access = access;
        this.limited = limited;
        this.clock = clock;
    }

    /**
     * presences (modern: by user id; legacy: by API email), server_timestamp and
     * presence_last_update_id. With a positive last_update_id, only rows changed since it (no
     * time limit); otherwise rows connected within the history limit.
     */
    void fill(Handle h, User viewer, boolean modern, Long lastUpdateId, int historyDays, ObjectNode out) {
        long now = clock.instant().getEpochSecond();
        boolean incremental = lastUpdateId != null && lastUpdateId > 0;
        long days = Math.clamp(historyDays, 0, 100_000);
        List<PresenceRow> rows = incremental ? store.since(h, lastUpdateId, 0) : store.since(h, -1, now - days * 86_400);
        Map<Long, User> byId = new HashMap<>();
        if (!rows.isEmpty()) for (User u : users.all(h)) byId.put(u.id(), u);
        Predicate<User> visible = limited && !rows.isEmpty() ? access.visibleTo(h, viewer) : u -> true;
        ObjectNode presences = Json.object();
        long maxId = lastUpdateId == null ? -1 : lastUpdateId;
        for (PresenceRow r : rows) {
            maxId = Math.max(maxId, r.lastUpdateId());
            User u = byId.get(r.userId());
            if (u == null || !u.isActive() || u.isBot() || !PresenceActions.enabled(u) || !visible.test(u)) continue;
            if (modern) presences.set(String.valueOf(u.id()), r.modern());
            else presences.set(apiEmail.of(u), r.legacy());
        }
        out.set("presences", presences);
        out.put("server_timestamp", clock.millis() / 1000.0);
        out.put("presence_last_update_id", maxId);
    }

    @Override
    public Set<String> eventTypes() { return Set.of("presence"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        User me = ctx.viewer();
        fill(ctx.h(), me, ctx.options().slimPresence(), null, ctx.options().presenceHistoryLimitDays(), state);
    }
}
