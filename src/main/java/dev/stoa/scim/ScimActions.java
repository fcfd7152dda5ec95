package dev.stoa.scim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.ScimConfig;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.http.ApiError;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.realmdomains.RealmDomainRules;
import dev.stoa.realmdomains.RealmDomainStore;
import dev.stoa.users.EmailChangeActions;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.util.List;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SCIM provisioning of people, as Zulip's ZulipSCIMUser: the identity provider (a trusted caller
 * holding the configured token) creates, updates, deactivates and reactivates accounts. Bots are
 * outside SCIM. Each request's changes happen in one transaction (Zulip applies them one by one; a
 * later refusal here leaves nothing half done), with the events of the user actions they reuse.
 */
public final class ScimActions {
    private static final Logger LOG = LoggerFactory.getLogger(ScimActions.class);

    private final Db db;
    private final UserStore users;
    private final UserActions userActions;
    private final EmailChangeActions emails;
    private final RealmDomainStore domains;
    private final RealmHolder realm;
    private final ScimConfig config;

    public ScimActions(Db db, UserStore users, UserActions userActions, EmailChangeActions emails, RealmDomainStore domains, RealmHolder realm,
                       ScimConfig config) {
        this.db = db;
        this.users = users;
        this.userActions = userActions;
        this.emails = emails;
        this.domains = domains;
        this.realm = realm;
        this.config = config;
    }

    record Page(int total, List<User> users) {}

    User get(String id) {
        return db.read(h -> person(users.byId(h, parseId(id)).orElse(null), id));
    }

    /** The people (deactivated ones too, as Zulip) matching filter, by id; start is 1-based. */
    Page list(Predicate<User> filter, int start, int count) {
        List<User> all = db.read(users::all).stream().filter(u -> !u.isBot()).filter(filter).toList();
        int from = Math.min(all.size(), start - 1), to = (int) Math.min(all.size(), (long) from + Math.max(0, count));
        return new Page(all.size(), all.subList(from, to));
    }

    User doCreate(JsonNode body) {
        ScimChanges c = ScimChanges.fromDict(body, true, config.nameFormattedIncluded());
        User u = db.write(tx -> {
            checkEmail(tx, null, c.email);
            Role role = c.role == null ? Role.MEMBER : c.role;
            String name = scimName(c.fullName);
            return userActions.createUser(tx, new UserActions.NewUser(c.email, null, name, role, null, null, false));
        });
        LOG.info("SCIM ({}): created user {}", config.clientName(), u.id());
        return u;
    }

    User doReplace(String id, JsonNode body) {
        ScimChanges c = ScimChanges.fromDict(body, false, config.nameFormattedIncluded());
        return apply(id, c);
    }

    User doPatch(String id, JsonNode operations) {
        return apply(id, ScimChanges.fromPatch(operations));
    }

    /** DELETE: Okta deactivates with active=false; Zulip refuses DELETE so nobody's history vanishes. */
    void doDelete(String id) {
        get(id);
        throw ScimError.bad("DELETE operation not supported. Use PUT or PATCH to modify the \"active\" attribute instead.");
    }

    private User apply(String id, ScimChanges c) {
        User result = db.write(tx -> {
            User u = person(users.byIdForUpdate(tx, parseId(id)).orElse(null), id);
            long uid = u.id();
            if (c.email != null && !c.email.equals(u.deliveryEmail())) checkEmail(tx, u, c.email);
            if (c.fullName != null && !c.fullName.equals(u.fullName())) userActions.changeFullName(tx, u, scimName(c.fullName));
            if (c.email != null && !c.email.equals(u.deliveryEmail())) emails.changeDeliveryEmail(tx, locked(tx, uid), c.email);
            if (c.role != null && c.role.code != u.role()) userActions.changeRole(tx, uid, c.role);
            if (c.active != null && c.active != u.isActive()) {
                if (c.active) userActions.reactivate(tx, locked(tx, uid));
                else userActions.deactivate(tx, locked(tx, uid));
            }
            return locked(tx, uid);
        });
        LOG.info("SCIM ({}): updated user {}{}", config.clientName(), result.id(), c.active == null ? "" : c.active ? " (active)" : " (deactivated)");
        return result;
    }

    private User locked(Tx tx, long id) {
        return users.byIdForUpdate(tx, id).orElseThrow();
    }

    /** Zulip's save(): the organization's domain rules, then uniqueness in the organization. */
    private void checkEmail(Tx tx, User self, String email) {
        if (realm.get().get("emails_restricted_to_domains").asBoolean(false) && !RealmDomainRules.allows(domains.all(tx.h()), email)) {
            throw ScimError.bad("This email domain isn't allowed in this organization.");
        }
        User other = users.byEmail(tx.h(), email).orElse(null);
        if (other != null && (self == null || other.id() != self.id())) {
            String why = other.isActive() ? email + " already has an account" : "Account has been deactivated.";
            throw ScimError.conflict("Email address already in use: ['" + why + "']");
        }
    }

    private static String scimName(String fullName) {
        try {
            return UserRules.checkFullName(fullName);
        } catch (ApiError e) {
            throw ScimError.bad(e.getMessage());
        }
    }

    private static long parseId(String id) {
        if (id == null || !id.matches("[0-9]{1,18}")) return -1;
        return Long.parseLong(id);
    }

    /** Only people are SCIM's: a bot's or an unknown id is not found. */
    private static User person(User u, String id) {
        if (u == null || u.isBot()) throw ScimError.notFound(id);
        return u;
    }
}
