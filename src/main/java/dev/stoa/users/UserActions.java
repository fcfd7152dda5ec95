package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.GroupEvent;
import dev.stoa.events.Hints;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.groups.GroupActivation;
import dev.stoa.groups.GroupStore;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

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

    private final AccessChanges accessChanges;
    /** What other features do inside these transactions (channels: default subscriptions, visibility, subscriber lists). */
    private final List<UserHooks> hooks;

    private final ProfileFieldActions profiles;
    private final BotServiceStore services;

    public UserActions(Db db, EventLog log, UserStore store, GroupStore groups, RealmHolder realm, UserJson json, UserAccess access,
                       AccessChanges accessChanges, ProfileFieldActions profiles, List<UserHooks> hooks, Clock clock, BotServiceStore services) {
        this.services = services;
        this.profiles = profiles;
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
    public record NewUser(String email, String password, String fullName, Role role, Integer botType, Long botOwnerId, boolean systemBot,
                          BotServices.Setup bot) {
        public NewUser(String email, String password, String fullName, Role role, Integer botType, Long botOwnerId, boolean systemBot) {
            this(email, password, fullName, role, botType, botOwnerId, systemBot, null);
        }

        public boolean isBot() { return botType != null; }
    }

    public User doCreateUser(NewUser n) {
        return db.write(tx -> createUser(tx, n));
    }

    /** Creates a user inside an existing transaction (first start creates several in one). */
    public User createUser(Tx tx, NewUser n) {
        return createUser(tx, n, UserHooks.Joining.DEFAULT);
    }

    /** Creates a person who joins with an invitation's channels (and the default ones only if it says so). */
    public User createUser(Tx tx, NewUser n, UserHooks.Joining joining) {
        if (store.byEmail(tx.h(), n.email()).isPresent()) {
            throw UserErrors.emailAlreadyInUse(n.email());
        }
        long now = clock.instant().getEpochSecond();
        String hash = n.password() == null ? null : Passwords.hash(n.password());
        User draft = new User(0, n.email(), n.fullName(), n.role().code, true, n.isBot(), n.botType(), n.botOwnerId(),
                n.systemBot(), Passwords.newApiKey(), hash, "", now, "G", 1, false, Json.object());
        long id = store.insert(tx, draft);
        User u = store.byId(tx.h(), id).orElseThrow();
        long group = realm.systemGroup(n.role().systemGroup());
        groups.addMembers(tx, group, List.of(id));
        boolean full = n.role() != Role.GUEST && realm.get().get("waiting_period_threshold").asInt(0) == 0;
        if (full && n.role() == Role.MEMBER) groups.addMembers(tx, realm.systemGroup("role:fullmembers"), List.of(id));
        Set<Long> blind = access.blindTo(tx.h(), u);
        log.append(tx, new UserEvent.RealmUserAdd(accessChanges.personForEvents(u)), blind.isEmpty() ? Recipients.all() : Recipients.allExcept(blind));
        // Guests who may not see the newcomer learn only its id; delivery drops this for user_list_incomplete clients.
        if (!blind.isEmpty()) log.append(tx, new UserEvent.RealmUserAdd(json.inaccessible(id), Hints.NONE.withPlaceholder(true)), Recipients.users(blind));
        log.append(tx, new GroupEvent.AddMembers(group, List.of(id)), Recipients.all());
        if (full && n.role() == Role.MEMBER) {
            log.append(tx, new GroupEvent.AddMembers(realm.systemGroup("role:fullmembers"), List.of(id)), Recipients.all());
        }
        if (n.bot() != null) BotServices.apply(tx.h(), services, u, n.bot());
        if (u.isBot() && !u.isSystemBot()) {
            log.append(tx, new UserEvent.RealmBotAdd(BotJson.bot(u, json, BotServices.dicts(tx.h(), services, u, services.forBot(tx.h(), u.id())))),
                    botAudience(tx, u));
        }
        if (!u.isBot()) for (UserHooks hook : hooks) hook.created(tx, u, joining);
        return u;
    }

    Recipients botAudience(Tx tx, User bot) {
        return botAudience(tx, store, bot);
    }

    /** Who hears of a bot's changes (realm_bot): its owner and the administrators. */
    static Recipients botAudience(Tx tx, UserStore store, User bot) {
        List<Long> ids = new ArrayList<>(store.activeAdminIds(tx.h()));
        if (bot.botOwnerId() != null) ids.add(bot.botOwnerId());
        return Recipients.users(ids);
    }

    /** PATCH /users/{id}: what the request names (null: unchanged), parsed but not yet validated. */
    public record UserUpdate(long userId, String fullName, Long role, JsonNode profileData) {}

    /** POST /bots: the new bot's names and type, as sent. */
    public record NewBot(String fullName, String shortName, int botType, BotServices.Setup setup) {}

    private static final Set<Integer> BOT_TYPES = Set.of(1, 2, 3, 4);
    private static final int EMBEDDED_BOT = 4;

    /** POST /users: an administrator creates a member. */
    public long checkCreateUser(User caller, String email, String password, String fullName) {
        UserRules.requireAdmin(caller);
        String name = UserRules.checkFullName(fullName);
        if (!UserRules.isEmail(email)) throw UserErrors.invalidAddress();
        if (password.isEmpty()) throw UserErrors.passwordTooWeak();
        return db.write(tx -> {
            User u = createUser(tx, new NewUser(email, password, name, Role.MEMBER, null, null, false));
            store.set(tx, u.id(), "join_on_first_login", true);
            return u;
        }).id();
    }

    /**
     * A successful login (feature level 475): a user created through the API joins at their first
     * login, so date_joined becomes now, announced as a realm_user update to everyone who sees them.
     */
    public void doLoggedIn(User u) {
        if (!db.read(h -> store.joinsOnFirstLogin(h, u.id()))) return;
        db.write(tx -> {
            if (!store.joinsOnFirstLogin(tx.h(), u.id())) return null; // a concurrent login did it
            long now = clock.instant().getEpochSecond();
            store.set(tx, u.id(), "date_joined", now);
            store.set(tx, u.id(), "join_on_first_login", false);
            log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", u.id()).put("date_joined", UserJson.isoTime(now))),
                    access.audience(tx.h(), u));
            return null;
        });
    }

    /** POST /bots: any person but a guest creates a bot it owns. */
    public User checkCreateBot(User caller, NewBot b) {
        if (caller.isBot()) throw CommonErrors.endpointDoesNotAcceptBotRequests();
        if (caller.isGuest()) throw UserErrors.guestsNotAllowed();
        String fullName = UserRules.checkFullName(b.fullName());
        String shortName = b.shortName().strip().toLowerCase(Locale.ROOT);
        if (!BOT_TYPES.contains(b.botType())) throw UserErrors.invalidBotType();
        BotServices.checkInterface(b.setup().interfaceType());
        // Zulip's embedded bots run Python inside its server; Stoa runs none (README, Bots), so it answers
        // as a Zulip server with EMBEDDED_BOTS_ENABLED off does.
        if (b.botType() == EMBEDDED_BOT) throw UserErrors.embeddedBotsDisabled();
        if (shortName.isEmpty() || !shortName.matches("[a-z0-9._-]+")) throw UserErrors.badNameOrUsername();
        String email = shortName + "-bot@" + json.realmHost();
        return db.write(tx -> {
            if (store.activeNameInUse(tx.h(), fullName)) throw UserErrors.nameInUse();
            if (store.byEmail(tx.h(), email).isPresent()) throw UserErrors.usernameInUse();
            // Zulip names an outgoing-webhook or embedded bot's service after the bot unless told otherwise.
            String service = b.setup().serviceName() != null || b.botType() == BotServices.INCOMING_WEBHOOK_BOT ? b.setup().serviceName() : shortName;
            BotServices.Setup setup = new BotServices.Setup(service, b.setup().payloadUrl(), b.setup().interfaceType(), b.setup().configData());
            return createUser(tx, new NewUser(email, null, fullName, Role.MEMBER, b.botType(), caller.id(), false, setup));
        });
    }

    /** PATCH /users/{id}: an administrator, or a bot's owner for its name; all changes in one transaction. */
    public void checkUpdate(User caller, UserUpdate in) {
        db.write(tx -> {
            User u = target(tx, in.userId());
            if (!ownsBot(caller, u)) UserRules.requireAdmin(caller);
            String fullName = in.fullName() == null ? null : UserRules.checkFullName(in.fullName());
            Role role = in.role() == null ? null : Role.of(in.role().intValue()).orElseThrow(() -> UserErrors.invalidRole());
            if (role != null) {
                UserRules.requireAdmin(caller);
                if ((role == Role.OWNER || u.isOwner()) && !caller.isOwner()) UserRules.requireOwner(caller);
            }
            if (in.profileData() != null) {
                UserRules.requireAdmin(caller);
                if (u.isBot()) throw CommonErrors.noSuchUser();
                profiles.validateUpdates(tx.h(), in.profileData());
            }
            if (fullName != null && !fullName.equals(u.fullName())) changeFullName(tx, u, fullName);
            if (role != null) changeRole(tx, u.id(), role);
            if (in.profileData() != null) profiles.updateUserData(tx, u, in.profileData());
            return null;
        });
    }

    /** DELETE /users/{id}: an administrator (an owner for an owner), or a bot's owner. */
    public void checkDeactivate(User caller, long userId) {
        db.write(tx -> {
            User u = target(tx, userId);
            if (!ownsBot(caller, u)) UserRules.requireAdmin(caller);
            if (u.isOwner() && !caller.isOwner()) UserRules.requireOwner(caller);
            if (!u.isActive()) throw UserErrors.userDeactivated();
            deactivate(tx, u);
            return null;
        });
    }

    /** DELETE /users/me: anyone but the last owner or the last person. */
    public void checkDeactivateSelf(User caller) {
        db.write(tx -> {
            User me = store.byIdForUpdate(tx, caller.id()).orElseThrow();
            if (UserRules.isLastOwner(tx.h(), store, me)) {
                throw UserErrors.cannotDeactivateSelfAsOnlyOwner()
                        .with("entity", "organization owner").with("is_last_owner", true);
            }
            if (!me.isBot() && store.otherActiveHumans(tx.h(), me.id()) == 0) {
                throw UserErrors.cannotDeactivateOnlyUser()
                        .with("entity", "user").with("is_last_owner", false);
            }
            deactivate(tx, me);
            return null;
        });
    }

    /** For trusted callers (the CLI): the same rules but access. */
    public void doDeactivate(User target) {
        db.write(tx -> {
            User u = store.byIdForUpdate(tx, target.id()).orElseThrow();
            if (!u.isActive()) throw UserErrors.alreadyDeactivated();
            deactivate(tx, u);
            return null;
        });
    }

    /** Deactivates u (locked by the caller) and, for a person, the bots it owns; never the last owner. */
    public void deactivate(Tx tx, User u) {
        if (UserRules.isLastOwner(tx.h(), store, u)) throw UserErrors.cannotDeactivateOnlyOwner();
        setActive(tx, u, false);
        if (!u.isBot()) {
            for (User bot : store.activeBotsOwnedBy(tx.h(), u.id())) setActive(tx, bot, false);
        }
    }

    public void checkReactivate(User caller, long userId) {
        UserRules.requireAdmin(caller);
        db.write(tx -> {
            User u = target(tx, userId);
            if (u.isActive()) throw UserErrors.alreadyActive();
            setActive(tx, u, true);
            return null;
        });
    }

    /** Reactivates u (locked by the caller, inactive), inside the caller's transaction. */
    public void reactivate(Tx tx, User u) {
        setActive(tx, u, true);
    }

    /** The user a request names, locked for the change; system bots are nobody's to change. */
    private User target(Tx tx, long id) {
        User u = store.byIdForUpdate(tx, id).orElse(null);
        if (u == null || u.isSystemBot()) throw CommonErrors.noSuchUser();
        return u;
    }

    private static boolean ownsBot(User caller, User u) {
        return u.isBot() && u.botOwnerId() != null && u.botOwnerId() == caller.id();
    }

    /**
     * Group member lists show active users only, so (de)activation also moves the user out of
     * (into) every group they directly belong to, as explicit user_group events (and anonymous
     * group-setting values that name them are re-announced; see GroupActivation).
     */
    private void setActive(Tx tx, User u, boolean active) {
        // Who can see the user while it is active: before deactivating, after reactivating.
        Recipients seers = active ? null : access.audience(tx.h(), u);
        // Those who can see a deactivated user drop it from groups and settings themselves (feature level 303):
        // only the others hear of its groups.
        Set<Long> blind = active ? Set.of() : access.blindTo(tx.h(), u);
        store.set(tx, u.id(), "is_active", active);
        if (active) seers = access.audience(tx.h(), u);
        if (active || !blind.isEmpty()) {
            GroupActivation.userActiveChanged(tx, log, groups, u.id(), active, active ? Recipients.all() : Recipients.users(blind),
                    k -> realm.get().get(k));
        }
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
            changeRole(tx, target.id(), role);
            return null;
        });
    }

    /** Inside the caller's transaction (SCIM provisioning changes several things at once). */
    public void changeRole(Tx tx, long userId, Role role) {
        User u = store.byIdForUpdate(tx, userId).orElseThrow();
        Role old = Role.fromCode(u.role());
        if (old == role) return;
        if (UserRules.isLastOwner(tx.h(), store, u)) {
            throw UserErrors.lastOwner();
        }
        Map<Long, Set<Long>> before = new HashMap<>();
        before.put(u.id(), access.visiblePeople(tx.h(), u));
        List<Consumer<User>> afterHooks = hooks.stream().map(hook -> hook.aroundRoleChange(tx, u)).toList();
        store.set(tx, u.id(), "role", role.code);
        log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", u.id()).put("role", role.code)), access.audience(tx.h(), u));
        moveSystemGroup(tx, u.id(), old, role);
        User changed = store.byId(tx.h(), u.id()).orElseThrow();
        Map<Long, Set<Long>> after = new HashMap<>();
        after.put(u.id(), access.visiblePeople(tx.h(), changed));
        accessChanges.announce(tx, before, after);
        afterHooks.forEach(hook -> hook.accept(changed));
    }

    private void moveSystemGroup(Tx tx, long userId, Role old, Role role) {
        List<Long> me = List.of(userId);
        long from = realm.systemGroup(old.systemGroup()), to = realm.systemGroup(role.systemGroup());
        groups.removeMembers(tx, from, me);
        log.append(tx, new GroupEvent.RemoveMembers(from, me), Recipients.all());
        groups.addMembers(tx, to, me);
        log.append(tx, new GroupEvent.AddMembers(to, me), Recipients.all());
        long full = realm.systemGroup("role:fullmembers");
        boolean wasFull = groups.directMembers(tx.h(), full).contains(userId);
        boolean isFull = role == Role.MEMBER && realm.get().get("waiting_period_threshold").asInt(0) == 0;
        if (wasFull && !isFull) {
            groups.removeMembers(tx, full, me);
            log.append(tx, new GroupEvent.RemoveMembers(full, me), Recipients.all());
        } else if (!wasFull && isFull) {
            groups.addMembers(tx, full, me);
            log.append(tx, new GroupEvent.AddMembers(full, me), Recipients.all());
        }
    }

    public void doChangeFullName(User target, String fullName) {
        db.write(tx -> {
            changeFullName(tx, target, fullName);
            return null;
        });
    }

    public void changeFullName(Tx tx, User target, String fullName) {
        store.set(tx, target.id(), "full_name", fullName);
        log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", target.id()).put("full_name", fullName)),
                access.audience(tx.h(), target));
        if (target.isBot()) {
            log.append(tx, new UserEvent.RealmBotUpdate(Json.object().put("user_id", target.id()).put("full_name", fullName)), botAudience(tx, target));
        }
    }

    public void doSetTimezone(User target, String timezone) {
        db.write(tx -> {
            store.set(tx, target.id(), "timezone", timezone);
            log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", target.id()).put("timezone", timezone)),
                    access.audience(tx.h(), target));
            var value = Json.MAPPER.getNodeFactory().textNode(timezone);
            log.append(tx, new UserEvent.UserSettingsUpdate("timezone", value, null), Recipients.users(target.id()));
            // Zulip sends the legacy form for timezone too (Delivery drops it for user_settings_object clients)
            log.append(tx, new MiscEvent.UpdateDisplaySettings(json.apiEmail(target), "timezone", value, null), Recipients.users(target.id()));
            return null;
        });
    }

    public void doSetPassword(User target, String password) {
        doSetPasswordHash(target, Passwords.hash(password));
    }

    /** A password hashed once by Passwords.hash for many users (the demo's): Argon2 costs a few hundred ms a hash. */
    public void doSetPasswordHash(User target, String hash) {
        db.write(tx -> {
            store.set(tx, target.id(), "password_hash", hash);
            return null;
        });
    }

    public String doRegenerateApiKey(User target) {
        String key = Passwords.newApiKey();
        db.write(tx -> {
            store.set(tx, target.id(), "api_key", key);
            if (target.isBot()) {
                log.append(tx, new UserEvent.RealmBotUpdate(Json.object().put("user_id", target.id()).put("api_key", key)), botAudience(tx, target));
            }
            return null;
        });
        return key;
    }
}
