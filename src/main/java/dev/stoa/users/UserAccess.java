package dev.stoa.users;

import dev.stoa.identity.User;
import dev.stoa.identity.Role;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.events.Recipients;
import dev.stoa.realm.RealmHolder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jdbi.v3.core.Handle;

/**
 * Zulip's limit on whom a user can see (the realm's can_access_all_users_group, which is either
 * role:everyone or role:members): a guest outside that group sees itself, every bot, the people
 * it shares an active channel subscription with and its direct-message partners. Everyone else
 * sees everyone. The relation is symmetric, so "who can see T" is every unrestricted user plus
 * the restricted guests T is linked to. Only restricted guests pay for the two indexed queries.
 */
public final class UserAccess {
    private static final String SETTING = "can_access_all_users_group";

    private final RealmHolder realm;
    private final UserStore store;

    public UserAccess(RealmHolder realm, UserStore store) {
        this.realm = realm;
        this.store = store;
    }

    /** Whether the realm limits anyone at all (the setting is not role:everyone). */
    public boolean realmRestricts() {
        JsonNode v = realm.get().get(SETTING);
        return !(v != null && v.isIntegralNumber() && v.longValue() == realm.systemGroup("role:everyone"));
    }

    /**
     * Whether viewer (null: a spectator, who sees the little spectators see of everyone) sees every
     * user. The setting is role:everyone or role:members, so exactly the guests are restricted when
     * it is not role:everyone; deciding by role also holds inside a transaction that changes it.
     */
    public boolean seesEveryone(User viewer) {
        return viewer == null || !viewer.isGuest() || !realmRestricts();
    }

    /** The people (not bots) viewer can see, itself included; null when it sees everyone. */
    public Set<Long> visiblePeople(Handle h, User viewer) {
        if (seesEveryone(viewer)) return null;
        return views(h, List.of(viewer.id())).get(viewer.id());
    }

    /** A test for "viewer can see this user", computed once for many users. */
    public Predicate<User> visibleTo(Handle h, User viewer) {
        Set<Long> ids = visiblePeople(h, viewer);
        return ids == null ? u -> true : u -> u.isBot() || ids.contains(u.id());
    }

    public boolean canAccess(Handle h, User viewer, User target) {
        return target.isBot() || seesEveryone(viewer) || viewer.id() == target.id() || visiblePeople(h, viewer).contains(target.id());
    }

    /** The active guests the realm's setting restricts (none when it restricts nobody). */
    public List<Long> restrictedGuests(Handle h) {
        if (!realmRestricts()) return List.of();
        return store.activeIdsWithRole(h, Role.GUEST);
    }

    /**
     * What restricted guests see now (people, themselves included), for comparing across a change:
     * every restricted guest, or those among `among` when it is not null.
     */
    public Map<Long, Set<Long>> guestViews(Handle h, Collection<Long> among) {
        List<Long> guests = new ArrayList<>(restrictedGuests(h));
        if (among != null) guests.retainAll(among);
        return guests.isEmpty() ? Map.of() : views(h, guests);
    }

    /** Restricted guests who cannot see target (a person; bots are seen by all). */
    public Set<Long> blindTo(Handle h, User target) {
        if (target.isBot()) return Set.of();
        List<Long> guests = restrictedGuests(h);
        if (guests.isEmpty()) return Set.of();
        Set<Long> blind = new HashSet<>(guests);
        blind.remove(target.id());
        blind.removeAll(views(h, List.of(target.id())).get(target.id()));
        return blind;
    }

    /** Recipients of an event about target that only those who can see target may receive. */
    public Recipients audience(Handle h, User target) {
        Set<Long> blind = blindTo(h, target);
        return blind.isEmpty() ? Recipients.all() : Recipients.allExcept(blind);
    }

    /**
     * Per user: itself, the active co-subscribers of its active subscriptions, and everyone in a
     * direct-message conversation it has (partners stay linked after deactivation, as in Zulip's
     * user lists). Two queries for any number of users.
     */
    Map<Long, Set<Long>> views(Handle h, Collection<Long> users) {
        Map<Long, Set<Long>> out = new HashMap<>();
        for (long id : users) out.computeIfAbsent(id, k -> new HashSet<>()).add(id);
        store.accessLinks(h, List.copyOf(users), (viewer, seen) -> out.get(viewer).add(seen));
        return out;
    }
}
