package dev.stoa.invites;

import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.groups.GroupActions;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.messages.NotificationBot;
import dev.stoa.realm.RealmHolder;
import dev.stoa.realmdomains.RealmDomainErrors;
import dev.stoa.realmdomains.RealmDomainRules;
import dev.stoa.realmdomains.RealmDomainStore;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserErrors;
import dev.stoa.users.UserHooks;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * Sign-up through an invitation (/join/<key>/): the invitee becomes a user with the invited role,
 * channels and user groups (groups deactivated since are skipped), in one transaction that also
 * uses up an email invitation (and ends the other pending invitations of the address, as Zulip),
 * tells the referrer through the notification bot when asked, and sends invites_changed.
 */
public final class JoinActions {
    private final Db db;
    private final InviteStore store;
    private final UserStore users;
    private final UserActions userActions;
    private final RealmDomainStore domains;
    private final RealmHolder realm;
    private final NotificationBot notificationBot;
    private final InviteActions invites;
    private final GroupActions groups;
    private final Clock clock;

    public JoinActions(Db db, InviteStore store, UserStore users, UserActions userActions, RealmDomainStore domains, RealmHolder realm,
                       NotificationBot notificationBot, InviteActions invites, GroupActions groups, Clock clock) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.userActions = userActions;
        this.domains = domains;
        this.realm = realm;
        this.notificationBot = notificationBot;
        this.invites = invites;
        this.groups = groups;
        this.clock = clock;
    }

    /** What the sign-up form sends; `email` only counts for a reusable link (an email invitation names its address). */
    public record JoinInput(String key, String email, String fullName, String password) {}

    /** The usable invitation behind a key, for the sign-up page. */
    public Invite usable(String key) {
        return db.read(h -> usable(h, key));
    }

    private Invite usable(Handle h, String key) {
        return store.byKey(h, key).filter(i -> i.usable(clock.instant().getEpochSecond())).orElseThrow(InviteErrors::invalidLink);
    }

    public User checkJoin(JoinInput in) {
        String name = UserRules.checkFullName(in.fullName());
        if (in.password().length() < 6) throw UserErrors.passwordTooWeak();
        return db.write(tx -> {
            Handle h = tx.h();
            Invite i = usable(h, in.key());
            String email = i.multiuse() ? in.email().strip() : i.email();
            checkEmail(h, email);
            User u = userActions.createUser(tx, new UserActions.NewUser(email, in.password(), name, Role.fromCode(i.invitedAs()), null, null, false),
                    new UserHooks.Joining(i.includeRealmDefaultSubscriptions(), i.streamIds()));
            groups.addToGroups(tx, u.id(), i.groupIds());
            Set<Long> referrers = new LinkedHashSet<>();
            if (!i.multiuse()) {
                store.setStatus(h, i.id(), Invite.USED);
                referrers.add(i.referredBy());
            }
            for (Invite other : store.pendingForEmail(h, email)) {
                store.setStatus(h, other.id(), Invite.REVOKED);
                referrers.add(other.referredBy());
            }
            if (!referrers.isEmpty()) invites.announce(tx, referrers);
            tellReferrer(tx, i, u);
            return u;
        });
    }

    /** Realm domain restrictions apply to invitees too; an address in use is refused. */
    private void checkEmail(Handle h, String email) {
        if (!UserRules.isEmail(email)) throw InviteErrors.invalidEmailAddress();
        if (realm.get().get("emails_restricted_to_domains").asBoolean(false) && !RealmDomainRules.allows(domains.all(h), email)) {
            throw RealmDomainErrors.emailDomainNotAllowed(email);
        }
        if (users.byEmail(h, email).isPresent()) throw InviteErrors.userAlreadyExists(email);
    }

    private void tellReferrer(Tx tx, Invite i, User joined) {
        if (!i.notifyReferrerOnJoin()) return;
        User referrer = users.byId(tx.h(), i.referredBy()).orElse(null);
        if (referrer == null || !referrer.isActive()) return;
        notificationBot.postDirect(tx, referrer.id(), "@_**" + joined.fullName() + "|" + joined.id() + "** accepted your invitation to join "
                + realm.get().get("name").asText() + "!");
    }
}
