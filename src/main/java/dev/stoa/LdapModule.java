package dev.stoa;

import dev.stoa.ldap.LdapDirectory;
import dev.stoa.ldap.LdapSync;

/** LDAP sign-in and sync (--ldap-url): both null when no directory is configured. */
final class LdapModule implements Module {
    final LdapDirectory directory;
    final LdapSync sync;

    LdapModule(Core c, UsersModule users) {
        LdapConfig config = c.config().signIn().ldap();
        this.directory = config == null ? null : new LdapDirectory(config, c.db(), c.users(), users.actions, users.profileFields);
        this.sync = config == null ? null : new LdapSync(config, directory, c.db(), c.users(), users.actions, c.clock());
    }

    /** The collector's pass (cluster-wide: one node at a time). */
    void doPeriodic() {
        if (sync != null) sync.doPeriodic();
    }
}
