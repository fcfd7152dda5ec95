package dev.stoa.ldap;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResultEntry;
import dev.stoa.config.LdapConfig;
import dev.stoa.db.Db;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.users.AvatarActions;
import dev.stoa.users.PasswordLogin;
import dev.stoa.users.ProfileFieldActions;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sign-in with the directory's passwords (Zulip's ZulipLDAPAuthBackend): the username (a directory
 * username; an address in the append-domain is accepted too) is found in the directory, the password
 * checked by binding as its entry, and the account found by its email, created on the first sign-in,
 * and updated from the entry (name, custom profile fields, the photo as avatar). Stoa never sees or keeps the password.
 * A directory that does not answer refuses the sign-in (logged without the password).
 */
public final class LdapDirectory implements PasswordLogin.Directory {
    private static final Logger LOG = LoggerFactory.getLogger(LdapDirectory.class);
    static final String PROFILE_PREFIX = "custom_profile_field__";

    private final LdapConfig config;
    private final LdapServer server;
    private final Db db;
    private final UserStore users;
    private final UserActions userActions;
    private final ProfileFieldActions profileFields;
    private final LdapAvatars avatars;

    public LdapDirectory(LdapConfig config, Db db, UserStore users, UserActions userActions, ProfileFieldActions profileFields, AvatarActions avatars) {
        this.avatars = new LdapAvatars(db, avatars);
        this.config = config;
        this.server = new LdapServer(config);
        this.db = db;
        this.users = users;
        this.userActions = userActions;
        this.profileFields = profileFields;
    }

    /** What an entry says about its person. */
    record Person(String email, String fullName, boolean deactivated, Map<String, String> profile, byte[] avatar) {}

    @Override
    public User authenticate(String username, String password) {
        String name = directoryUsername(username);
        if (name == null) return null;
        try (LDAPConnection c = server.connect()) {
            SearchResultEntry entry = server.find(c, name, attributes());
            if (entry == null || !server.passwordMatches(c, entry.getDN(), password)) return null;
            Person p = person(entry, name);
            if (p == null) return null;
            return sync(p, true);
        } catch (LDAPException e) {
            LOG.warn("LDAP sign-in of {} failed: {} {}", name, e.getResultCode(), e.getDiagnosticMessage());
            return null;
        }
    }

    /** Zulip's email_belongs_to_ldap: with an append-domain, the addresses in it; else every account. */
    @Override
    public boolean manages(User u) {
        if (config.appendDomain() == null) return true;
        return u.deliveryEmail().toLowerCase(Locale.ROOT).endsWith("@" + config.appendDomain().toLowerCase(Locale.ROOT));
    }

    /** The directory username for what was typed, or null for what cannot be one (another domain, control characters). */
    String directoryUsername(String typed) {
        String u = typed.strip();
        if (u.isEmpty() || u.length() > 256) return null;
        for (int i = 0; i < u.length(); i++) if (Character.isISOControl(u.charAt(i))) return null;
        int at = u.lastIndexOf('@');
        if (at >= 0 && config.appendDomain() != null) {
            if (!u.substring(at + 1).equalsIgnoreCase(config.appendDomain())) return null;
            return u.substring(0, at);
        }
        return u;
    }

    String[] attributes() {
        Set<String> a = new LinkedHashSet<>(config.attrMap().values());
        if (config.emailAttr() != null) a.add(config.emailAttr());
        return a.toArray(String[]::new);
    }

    /** null when the entry has no usable email address. */
    Person person(SearchResultEntry e, String username) {
        String email = config.emailAttr() != null ? e.getAttributeValue(config.emailAttr()) : username + "@" + config.appendDomain();
        if (email == null || !UserRules.isEmail(email)) return null;
        String nameAttr = config.attrMap().get("full_name");
        String fullName = nameAttr == null ? null : e.getAttributeValue(nameAttr);
        String deactivatedAttr = config.attrMap().get("deactivated");
        boolean deactivated = deactivatedAttr != null && "true".equalsIgnoreCase(e.getAttributeValue(deactivatedAttr));
        Map<String, String> profile = new LinkedHashMap<>();
        config.attrMap().forEach((k, attr) -> {
            if (k.startsWith(PROFILE_PREFIX) && e.getAttributeValue(attr) != null) profile.put(k.substring(PROFILE_PREFIX.length()), e.getAttributeValue(attr));
        });
        String avatarAttr = config.attrMap().get("avatar");
        return new Person(email, fullName, deactivated, profile, avatarAttr == null ? null : e.getAttributeValueBytes(avatarAttr));
    }

    /**
     * The account for {@code p}: found by email, created when {@code create} (a first sign-in), and
     * brought up to date: the name, the mapped custom profile fields, deactivation. Each change is
     * the users feature's own action, with its events.
     */
    User sync(Person p, boolean create) {
        User u = db.read(h -> users.byEmail(h, p.email()).orElse(null));
        if (u == null) {
            if (!create || p.deactivated()) return null;
            String name = p.fullName() == null || p.fullName().isBlank() ? p.email().substring(0, p.email().indexOf('@')) : p.fullName();
            u = userActions.doCreateUser(new UserActions.NewUser(p.email(), null, UserRules.checkFullName(name), Role.MEMBER, null, null, false));
        }
        if (u.isBot()) return null;
        if (p.fullName() != null && !p.fullName().isBlank() && !p.fullName().strip().equals(u.fullName())) {
            userActions.doChangeFullName(u, UserRules.checkFullName(p.fullName()));
        }
        if (!p.profile().isEmpty()) profileFields.doSetFromDirectory(u, p.profile());
        if (p.avatar() != null && p.avatar().length > 0) avatars.doSync(u, p.avatar());
        if (p.deactivated() && u.isActive()) userActions.doDeactivate(u);
        return reload(u);
    }

    private User reload(User u) {
        return db.read(h -> users.byId(h, u.id()).orElseThrow());
    }
}
