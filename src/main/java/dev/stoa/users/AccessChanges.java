package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * Zulip's realm_user add / remove for restricted guests who gain or lose sight of someone when
 * subscriptions, direct messages or roles change. Users, channels and messages call it inside
 * their transactions: {@link #before} ahead of the change, {@link #announce} after it.
 */
public final class AccessChanges {
    private final EventLog log;
    private final UserStore store;
    private final UserAccess access;
    private final UserJson json;

    public AccessChanges(EventLog log, UserStore store, UserAccess access, UserJson json) {
        this.log = log;
        this.store = store;
        this.access = access;
        this.json = json;
    }

    /** What restricted guests (all, or those among `among` when not null) see before the change. */
    public Map<Long, Set<Long>> before(Handle h, Collection<Long> among) {
        return access.guestViews(h, among);
    }

    /** After the change: realm_user add / remove for each guest whose view changed. */
    public void announce(Tx tx, Map<Long, Set<Long>> before) {
        if (!before.isEmpty()) announce(tx, before, access.views(tx.h(), before.keySet()));
    }

    /** Views are sets of visible people; null means everyone. */
    void announce(Tx tx, Map<Long, Set<Long>> before, Map<Long, Set<Long>> after) {
        List<User> people = null;
        for (var e : before.entrySet()) {
            if (!after.containsKey(e.getKey())) continue;
            Set<Long> was = e.getValue(), now = after.get(e.getKey());
            if (Objects.equals(was, now)) continue;
            if (people == null) people = store.all(tx.h()).stream().filter(u -> u.isActive() && !u.isBot()).toList();
            for (User p : people) {
                boolean saw = was == null || was.contains(p.id()), sees = now == null || now.contains(p.id());
                if (!saw && sees) log.append(tx, new UserEvent.RealmUserAdd(personForEvents(p)), Recipients.users(e.getKey()));
                if (saw && !sees) {
                    ObjectNode gone = Json.object().put("user_id", p.id()).put("full_name", p.fullName());
                    log.append(tx, new UserEvent.RealmUserRemove(gone), Recipients.users(e.getKey()));
                }
            }
        }
    }

    /** The person object for realm_user events: as an administrator sees it; delivery hides what a viewer may not see. */
    ObjectNode personForEvents(User u) {
        ObjectNode p = json.user(u, null, UserJson.Options.DEFAULT, null);
        p.put("delivery_email", u.deliveryEmail());
        p.set("profile_data", Json.object());
        if (u.isBot()) p.remove("profile_data");
        return p;
    }
}
