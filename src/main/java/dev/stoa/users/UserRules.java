package dev.stoa.users;

import dev.stoa.http.CommonErrors;
import dev.stoa.identity.User;
import dev.stoa.realm.Realm;
import java.time.ZoneId;
import java.util.Set;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Handle;

/** Rules on users shared by the API, PATCH /settings and the CLI: who may act, name, email and time zone checks. */
public final class UserRules {
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");

    private UserRules() {}

    public static void requireAdmin(User me) {
        if (!me.isAdmin()) throw CommonErrors.mustBeOrganizationAdministrator();
    }

    public static void requireOwner(User me) {
        if (!me.isOwner()) throw CommonErrors.mustBeOrganizationOwner();
    }

    /**
     * Whether an authenticated user may act at all, checked where credentials are (HTTP Basic,
     * the web session, a password sign-in) in Zulip's order (validate_account_and_subdomain): a
     * deactivated organization first, then a deactivated account.
     */
    public static void checkCanSignIn(Realm realm, User u) {
        if (realm.deactivated()) throw UserErrors.realmDeactivated();
        if (!u.isActive()) throw UserErrors.accountIsDeactivated();
    }

    /** Zulip's last-owner rule: the realm keeps an active human owner, so u can be neither demoted nor deactivated. */
    public static boolean isLastOwner(Handle h, UserStore store, User u) {
        return u.isOwner() && u.isActive() && !u.isBot() && store.otherActiveOwners(h, u.id()) == 0;
    }

    /** Whether text looks like an email address (one @, a dot in the domain, no spaces). */
    public static boolean isEmail(String text) {
        return EMAIL.matcher(text).matches();
    }

    /** Zulip's full name rules; raises "Name too short!" / "Name too long!" / "Invalid characters in name!". */
    public static String checkFullName(String name) {
        String n = name.strip();
        if (n.isEmpty()) throw UserErrors.nameTooShort();
        if (n.length() > Realm.MAX_NAME_LENGTH) throw UserErrors.nameTooLong();
        for (char c : n.toCharArray()) {
            if (Character.isISOControl(c) || "*`\\>\"@".indexOf(c) >= 0) throw UserErrors.invalidCharactersInName();
        }
        return n;
    }

    private static final Set<String> ZONES = ZoneId.getAvailableZoneIds();

    public static boolean isTimezone(String tz) {
        return ZONES.contains(tz) && tz.indexOf('/') > 0 || tz.equals("UTC");
    }

    /** Personal settings are for people: bots get Zulip's refusal. */
    public static User humanOnly(User me) {
        if (me.isBot()) throw CommonErrors.endpointDoesNotAcceptBotRequests();
        return me;
    }
}
