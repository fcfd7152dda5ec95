package dev.stoa.users;

import dev.stoa.identity.User;
import dev.stoa.identity.Role;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.GroupEvent;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.groups.GroupStore;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.realm.RealmHolder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every write to users and bots. Each doX is one transaction that changes state and appends its
 * events. realm_user events go to everyone who can see the user (UserAccess: all but the guests
 * a restricted realm keeps from them); realm_bot events go to the bot's owner and the
 * administrators.
 */
public final class UserActions {
    private final Db db;
    private final EventLog log;
    private final UserStore store;
    private final GroupStore groups;
    private final RealmHolder realm;
    private final UserJson json;
    private final UserAccess access;
    private final Clock clock;
    /** Marks the stand-in person of a realm_user add for guests who may not see the new user. */
    static final String PLACEHOLDER = "__placeholder";

    private final AccessChanges accessChanges;
    /** What other features do inside these transactions (channels: default subscriptions, visibility, subscriber lists). */
    private final List<UserHooks> hooks;

    public UserActions(Db db, EventLog log, UserStore store, GroupStore groups, RealmHolder realm, UserJson json, UserAccess access,
                       AccessChanges accessChanges, List<UserHooks> hooks, Clock clock) {
        this.accessChanges = accessChanges;
        this.hooks = List.copyOf(hooks);
        this.access = access;
        this.db = db;
        this.log = log;
        this.store = store;
        this.groups = groups;
        this.realm = realm;
        this.json = json;
        this.clock = clock;
    }

    /** What a new account is: a person, or a bot with its type and owner. */
    public record NewUser(String email, String password, String fullName, Role role, Integer botType, Long botOwnerId, boolean systemBot) {
        public boolean isBot() { return botType != null; }
    }

    public User doCreateUser(NewUser n) {
        return db.write(tx -> createUser(tx, n));
    }

    /** Creates a user inside an existing transaction (first start creates several in one). */
    public User createUser(Tx tx, NewUser n) {
        if (store.byEmail(tx.h(), n.email()).isPresent()) {
            throw ApiError.bad("Email '" + n.email() + "' already in use");
        }
        long now = clock.instant().getEpochSecond();
        String hash = n.password() == null ? null : Passwords.hash(n.password());
        User draft = new User(0, n.email(), n.fullName(), n.role().code, true, n.isBot(), n.botType(), n.botOwnerId(),
                n.systemBot(), Passwords.newApiKey(), hash, "", now, "G", 1, false, Json.object());
        long id = store.insert(tx.h(), draft);
        User u = store.byId(tx.h(), id).orElseThrow();
        long group = realm.systemGroup(n.role().systemGroup());
        groups.addMembers(tx.h(), group, List.of(id));
        boolean full = n.role() != Role.GUEST && realm.get().get("waiting_period_threshold").asInt(0) == 0;
        if (full && n.role() == Role.MEMBER) groups.addMembers(tx.h(), realm.systemGroup("role:fullmembers"), List.of(id));
        Set<Long> blind = access.blindTo(tx.h(), u);
        log.append(tx, new UserEvent.RealmUserAdd(accessChanges.personForEvents(u)), blind.isEmpty() ? Recipients.all() : Recipients.allExcept(blind));
        // Guests who may not see the newcomer learn only its id; delivery drops this for user_list_incomplete clients.
        if (!blind.isEmpty()) log.append(tx, new UserEvent.RealmUserAdd(json.inaccessible(id).put(PLACEHOLDER, true)), Recipients.users(blind));
        log.append(tx, new GroupEvent.AddMembers(group, List.of(id)), Recipients.all());
        if (full && n.role() == Role.MEMBER) {
            log.append(tx, new GroupEvent.AddMembers(realm.systemGroup("role:fullmembers"), List.of(id)), Recipients.all());
        }
        if (u.isBot() && !u.isSystemBot()) log.append(tx, new UserEvent.RealmBotAdd(BotJson.bot(u, json)), botAudience(tx, u));
        if (!u.isBot()) for (UserHooks hook : hooks) hook.created(tx, u);
        return u;
    }

    Recipients botAudience(Tx tx, User bot) {
        List<Long> ids = new ArrayList<>(store.activeAdminIds(tx.h()));
        if (bot.botOwnerId() != null) ids.add(bot.botOwnerId());
        return Recipients.users(ids);
    }

    public void doDeactivate(User target) {
        db.write(tx -> {
            User u = store.byId(tx.h(), target.id()).orElseThrow();
            if (!u.isActive()) throw ApiError.bad("User is already deactivated");
            setActive(tx, u, false);
            if (!u.isBot()) {
                for (User bot : ownedActiveBots(tx, u.id())) setActive(tx, bot, false);
            }
            return null;
        });
    }

    private List<User> ownedActiveBots(Tx tx, long ownerId) {
        return tx.h().createQuery("SELECT " + UserStore.COLUMNS + " FROM users WHERE bot_owner_id = ? AND is_active")
                .bind(0, ownerId).map(UserStore::map).list();
    }

    public void doReactivate(User target) {
        db.write(tx -> {
            User u = store.byId(tx.h(), target.id()).orElseThrow();
            if (u.isActive()) throw ApiError.bad("User is already active");
            setActive(tx, u, true);
            return null;
        });
    }

    /**
     * Group member lists show active users only, so (de)activation also moves the user out of
     * (into) every group they directly belong to, as explicit user_group events (and anonymous
     * group-setting values that name them are re-announced; see GroupActivation).
     */
    private void setActive(Tx tx, User u, boolean active) {
        // Who can see the user while it is active: before deactivating, after reactivating.
        Recipients seers = active ? null : access.audience(tx.h(), u);
        store.set(tx.h(), u.id(), "is_active", active);
        if (active) seers = access.audience(tx.h(), u);
        dev.stoa.groups.GroupActivation.userActiveChanged(tx, log, groups, u.id(), active);
        // As Zulip: a deactivated user's subscriptions leave the subscriber lists before the realm_user event.
        if (!active) hooks.forEach(hook -> hook.activationChanged(tx, u, false));
        ObjectNode person = Json.object().put("user_id", u.id()).put("is_active", active);
        log.append(tx, new UserEvent.RealmUserUpdate(person), seers);
        if (active) hooks.forEach(hook -> hook.activationChanged(tx, u, true));
        if (u.isBot()) {
            log.append(tx, new UserEvent.RealmBotUpdate(Json.object().put("user_id", u.id()).put("is_active", active)), botAudience(tx, u));
        }
    }

    public void doChangeRole(User target, Role role) {
        db.write(tx -> {
            User u = store.byId(tx.h(), target.id()).orElseThrow();
            Role old = Role.fromCode(u.role());
            if (old == role) return null;
            if (old == Role.OWNER && ownerCount(tx) <= 1 && u.isActive()) {
                throw ApiError.bad("The owner permission cannot be removed from the only organization owner.");
            }
            Map<Long, Set<Long>> before = new HashMap<>();
            before.put(u.id(), access.visiblePeople(tx.h(), u));
            List<java.util.function.Consumer<User>> afterHooks = hooks.stream().map(hook -> hook.aroundRoleChange(tx, u)).toList();
            store.set(tx.h(), u.id(), "role", role.code);
            log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", u.id()).put("role", role.code)), access.audience(tx.h(), u));
            moveSystemGroup(tx, u.id(), old, role);
            User changed = store.byId(tx.h(), u.id()).orElseThrow();
            Map<Long, Set<Long>> after = new HashMap<>();
            after.put(u.id(), access.visiblePeople(tx.h(), changed));
            accessChanges.announce(tx, before, after);
            afterHooks.forEach(hook -> hook.accept(changed));
            return null;
        });
    }

    private long ownerCount(Tx tx) {
        return tx.h().createQuery("SELECT COUNT(*) FROM users WHERE role = 100 AND is_active AND NOT is_bot").mapTo(Long.class).one();
    }

    private void moveSystemGroup(Tx tx, long userId, Role old, Role role) {
        List<Long> me = List.of(userId);
        long from = realm.systemGroup(old.systemGroup()), to = realm.systemGroup(role.systemGroup());
        groups.removeMembers(tx.h(), from, me);
        log.append(tx, new GroupEvent.RemoveMembers(from, me), Recipients.all());
        groups.addMembers(tx.h(), to, me);
        log.append(tx, new GroupEvent.AddMembers(to, me), Recipients.all());
        long full = realm.systemGroup("role:fullmembers");
        boolean wasFull = groups.directMembers(tx.h(), full).contains(userId);
        boolean isFull = role == Role.MEMBER && realm.get().get("waiting_period_threshold").asInt(0) == 0;
        if (wasFull && !isFull) {
            groups.removeMembers(tx.h(), full, me);
            log.append(tx, new GroupEvent.RemoveMembers(full, me), Recipients.all());
        } else if (!wasFull && isFull) {
            groups.addMembers(tx.h(), full, me);
            log.append(tx, new GroupEvent.AddMembers(full, me), Recipients.all());
        }
    }

    public void doChangeFullName(User target, String fullName) {
        db.write(tx -> {
            store.set(tx.h(), target.id(), "full_name", fullName);
            log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", target.id()).put("full_name", fullName)),
                    access.audience(tx.h(), target));
            if (target.isBot()) {
                log.append(tx, new UserEvent.RealmBotUpdate(Json.object().put("user_id", target.id()).put("full_name", fullName)), botAudience(tx, target));
            }
            return null;
        });
    }

    public void doSetTimezone(User target, String timezone) {
        db.write(tx -> {
            store.set(tx.h(), target.id(), "timezone", timezone);
            log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", target.id()).put("timezone", timezone)),
                    access.audience(tx.h(), target));
            log.append(tx, new UserEvent.UserSettingsUpdate("timezone", Json.MAPPER.getNodeFactory().textNode(timezone), null),
                    Recipients.users(target.id()));
            return null;
        });
    }

    public void doSetPassword(User target, String password) {
        db.write(tx -> {
            store.set(tx.h(), target.id(), "password_hash", Passwords.hash(password));
            return null;
        });
    }

    public String doRegenerateApiKey(User target) {
        String key = Passwords.newApiKey();
        db.write(tx -> {
            store.set(tx.h(), target.id(), "api_key", key);
            if (target.isBot()) {
                log.append(tx, new UserEvent.RealmBotUpdate(Json.object().put("user_id", target.id()).put("api_key", key)), botAudience(tx, target));
            }
            return null;
        });
        return key;
    }
}
