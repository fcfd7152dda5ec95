package dev.stoa.users;

import dev.stoa.events.EventType;
import dev.stoa.events.Hints;
import dev.stoa.identity.User;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.CachedTable;
import dev.stoa.events.RowsChanged;
import dev.stoa.events.UserEvent;
import dev.stoa.http.Json;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.QueueSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * realm_user events as each recipient may see them: the stored person carries the real email;
 * delivery hides delivery_email from viewers the target's email_address_visibility excludes, and
 * renders a new person's avatar_url as register does for the queue's client_gravatar. Who may
 * see the user at all was decided by the action (UserAccess).
 */
public final class UserDelivery extends LogFollower {
    private final Db db;
    private final UserStore store;
    private final UserJson json;
    private volatile Map<Long, User> users;

    public UserDelivery(Db db, EventLog log, UserStore store, UserJson json) {
        super(log, Set.of(CachedTable.USERS));
        this.json = json;
        this.db = db;
        this.store = store;
    }

    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
        users = null; // the next delivery reads them again
    }

    /**
     * Users as committed. Every change delivery depends on (role, email visibility, avatar) is a
     * users row's, so one reload per batch of them replaces two reads per queue.
     */
    private synchronized Map<Long, User> users() {
        follow();
        Map<Long, User> known = users;
        if (known == null) {
            Map<Long, User> byId = new HashMap<>();
            for (User u : db.read(store::all)) byId.put(u.id(), u);
            users = known = byId;
        }
        return known;
    }

    public Map<EventType, Delivery.TypeRule> rules() {
        return Map.of(EventType.REALM_USER, this::realmUser);
    }

    private List<ObjectNode> realmUser(ObjectNode e, Hints hints, QueueSpec spec, Long viewerId) {
        if (!(e.get("person") instanceof ObjectNode person) || !person.has("user_id")) return List.of(e);
        // A stand-in for a user the guest may not see; clients that manage an incomplete list go without.
        if (hints.placeholder()) return spec.can("user_list_incomplete") ? List.of() : List.of(e);
        // A guest lost sight of someone: a client that keeps a complete list shows "Unknown user", as register would.
        if ("remove".equals(e.path("op").asText())) {
            if (spec.can("user_list_incomplete")) return List.of(e);
            ObjectNode add = Json.object().put("type", "realm_user").put("op", "add");
            add.set("person", json.inaccessible(person.get("user_id").asLong()));
            return List.of(add);
        }
        if (!person.has("delivery_email") && !person.has("avatar_url")) return List.of(e);
        Map<Long, User> users = users();
        User target = users.get(person.get("user_id").asLong());
        User viewer = viewerId == null ? null : users.get(viewerId);
        if (target == null) return List.of(e);
        boolean seesEmail = UserJson.canSeeEmail(viewer, target);
        // A null delivery_email (the viewer lost sight of the address) reveals nothing and must arrive.
        if (person.has("delivery_email") && !person.get("delivery_email").isNull() && !seesEmail) {
            if ("add".equals(e.path("op").asText())) person.putNull("delivery_email");
            else return List.of();
        }
        // A new person as register would list them; an avatar change carries its URLs for everyone, as
        // Zulip's notify_avatar_url_change does (a client_gravatar client may compute it again).
        if (person.has("avatar_url") && "add".equals(e.path("op").asText()) && spec.clientGravatar() && seesEmail
                && json.avatars().isGravatar(target)) {
            person.putNull("avatar_url");
        }
        return List.of(e);
    }
}
