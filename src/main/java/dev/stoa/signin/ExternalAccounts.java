package dev.stoa.signin;

import dev.stoa.db.Db;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.realmdomains.RealmDomainErrors;
import dev.stoa.realmdomains.RealmDomainRules;
import dev.stoa.realmdomains.RealmDomainStore;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;

/**
 * An identity an identity provider vouches for (a verified email address) → the account, as Zulip's
 * social and SAML backends decide it: the account with that address (linked by verified email), or
 * a new one when the organization lets people join without an invitation and the address is in an
 * allowed domain (Zulip's HomepageForm checks); otherwise refused, with nothing created.
 */
public final class ExternalAccounts {
    private final Db db;
    private final UserStore users;
    private final UserActions userActions;
    private final RealmDomainStore domains;
    private final RealmHolder realm;

    public ExternalAccounts(Db db, UserStore users, UserActions userActions, RealmDomainStore domains, RealmHolder realm) {
        this.db = db;
        this.users = users;
        this.userActions = userActions;
        this.domains = domains;
        this.realm = realm;
    }

    public User resolve(String email, boolean emailVerified, String fullName) {
        if (email == null || !UserRules.isEmail(email)) throw SigninErrors.idpSentNoEmail();
        if (!emailVerified) throw SigninErrors.idpEmailNotVerified(email);
        User u = db.read(h -> users.byEmail(h, email).orElse(null));
        if (u != null) {
            if (u.isBot()) throw SigninErrors.botsCannotSignIn();
            return u;
        }
        if (realm.get().get("invite_required").asBoolean(false)) {
            throw SigninErrors.inviteRequired(email);
        }
        if (realm.get().get("emails_restricted_to_domains").asBoolean(false) && !RealmDomainRules.allows(db.read(domains::all), email)) {
            throw RealmDomainErrors.emailDomainNotAllowed(email);
        }
        String name = fullName == null || fullName.isBlank() ? email.substring(0, email.indexOf('@')) : fullName;
        return userActions.doCreateUser(new UserActions.NewUser(email, null, UserRules.checkFullName(name), Role.MEMBER, null, null, false));
    }
}
