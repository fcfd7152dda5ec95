package dev.stoa.ldap;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import dev.stoa.config.LdapConfig;
import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Zulip's sync_ldap_user_data: every active person whose account the directory manages is looked up
 * and updated from their entry (name, custom profile fields, the deactivation attribute); a person
 * the directory no longer has is deactivated (Zulip's LDAP_DEACTIVATE_NON_MATCHING_USERS). Run by
 * {@code ./stoa sync-ldap} and by the collector every --ldap-sync-minutes (one node at a time).
 * A directory that does not answer changes nothing.
 */
public final class LdapSync {
    private static final Logger LOG = LoggerFactory.getLogger(LdapSync.class);

    private final LdapConfig config;
    private final LdapDirectory directory;
    private final LdapServer server;
    private final Db db;
    private final UserStore users;
    private final UserActions userActions;
    private final Clock clock;
    private volatile long lastRun;

    public record Result(int checked, int deactivated) {}

    public LdapSync(LdapConfig config, LdapDirectory directory, Db db, UserStore users, UserActions userActions, Clock clock) {
        this.config = config;
        this.directory = directory;
        this.server = new LdapServer(config);
        this.db = db;
        this.users = users;
        this.userActions = userActions;
        this.clock = clock;
    }

    /** The collector's pass: a sync when the interval has passed since the last one on this node. */
    public void doPeriodic() {
        long now = clock.millis();
        if (config.syncMinutes() <= 0 || now - lastRun < config.syncMinutes() * 60_000L) return;
        lastRun = now;
        try {
            doSync();
        } catch (LDAPException e) {
            LOG.warn("LDAP sync failed: {} {}", e.getResultCode(), e.getDiagnosticMessage());
        }
    }

    public Result doSync() throws LDAPException {
        List<User> people = db.read(h -> users.all(h)).stream().filter(u -> u.isActive() && !u.isBot() && directory.manages(u)).toList();
        int deactivated = 0;
        try (LDAPConnection c = server.connect()) {
            for (User u : people) {
                SearchResultEntry entry = entryOf(c, u);
                LdapDirectory.Person p = entry == null ? null : directory.person(entry, username(u));
                if (p == null || !p.email().equalsIgnoreCase(u.deliveryEmail())) {
                    userActions.doDeactivate(u);
                    deactivated++;
                } else {
                    User after = directory.sync(p, false);
                    if (after != null && !after.isActive()) deactivated++;
                }
            }
        }
        return new Result(people.size(), deactivated);
    }

    private SearchResultEntry entryOf(LDAPConnection c, User u) throws LDAPException {
        if (config.appendDomain() != null) return server.find(c, username(u), directory.attributes());
        if (config.bindDn() != null) c.bind(config.bindDn(), config.bindPassword());
        String base = config.searchBase() != null ? config.searchBase() : config.userDnTemplate().substring(config.userDnTemplate().indexOf(',') + 1);
        SearchResult r = c.search(base, SearchScope.SUB, Filter.createEqualityFilter(config.emailAttr(), u.deliveryEmail()), directory.attributes());
        return r.getEntryCount() == 1 ? r.getSearchEntries().getFirst() : null;
    }

    private String username(User u) {
        String e = u.deliveryEmail();
        return config.appendDomain() != null ? e.substring(0, e.lastIndexOf('@')) : e;
    }
}
