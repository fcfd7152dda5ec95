package dev.stoa.userstatus;

import dev.stoa.events.Hints;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.QueueSpec;
import dev.stoa.queues.StateContributor;
import dev.stoa.queues.ZulipNames;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jdbi.v3.core.Handle;

/**
 * register's user_status: the statuses of the active users the viewer can see, keyed by user id,
 * leaving out the ones with nothing to show (no text, no emoji, not away).
 */
public final class UserStatusState implements StateContributor {
    private final UserStatusStore store;
    private final UserStore users;
    private final UserAccess access;

    public UserStatusState(UserStatusStore store, UserStore users, UserAccess access) {
        this.store = store;
        this.users = users;
        this.access = access;
    }

    /** user_status events name the extra emoji type as the queue's client reads it (ZulipNames). */
    public static final Delivery.TypeRule EVENTS = new Delivery.TypeRule() {
        @Override
        public List<ObjectNode> render(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
            ZulipNames.rename(e, spec.zulipNames());
            return List.of(e);
        }

        @Override
        public Object shareKey(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
            return spec.zulipNames();
        }
    };

    @Override
    public Set<String> eventTypes() { return Set.of("user_status"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        ObjectNode out = state.putObject("user_status");
        if (ctx.userId() == null) return;
        List<UserStatusStore.Row> rows = store.all(ctx.h());
        if (rows.isEmpty()) return;
        Map<Long, User> byId = new HashMap<>();
        for (User u : users.byIds(ctx.h(), rows.stream().map(UserStatusStore.Row::userId).toList())) byId.put(u.id(), u);
        Predicate<User> visible = access.visibleTo(ctx.h(), ctx.viewer());
        for (UserStatusStore.Row r : rows) {
            User u = byId.get(r.userId());
            if (u == null || !u.isActive() || !visible.test(u)) continue;
            ObjectNode s = json(r, away(u), ctx.options().spec().zulipNames());
            if (!s.isEmpty()) out.set(String.valueOf(r.userId()), s);
        }
    }

    /** The legacy `away`: the user turned presence sharing off. */
    static boolean away(User u) {
        return !u.setting("presence_enabled").asBoolean(true);
    }

    /** Zulip's status dict: only what is set. */
    static ObjectNode json(UserStatusStore.Row r, boolean away, boolean zulipNames) {
        ObjectNode s = Json.object();
        if (away) s.put("away", true);
        if (!r.statusText().isEmpty()) s.put("status_text", r.statusText());
        if (!r.emojiName().isEmpty()) {
            s.put("emoji_name", r.emojiName()).put("emoji_code", r.emojiCode()).put("reaction_type", ZulipNames.reactionType(r.reactionType(), zulipNames));
        }
        return s;
    }

    /** One user's status for GET /users/{id}/status: {} when none is set. */
    static ObjectNode of(Handle h, UserStatusStore store, User u, boolean zulipNames) {
        return store.get(h, u.id()).map(r -> json(r, away(u), zulipNames)).orElse(Json.object());
    }
}
