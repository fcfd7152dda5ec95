package dev.stoa.app;

import dev.stoa.config.SignInConfig;
import dev.stoa.github.GithubActions;
import dev.stoa.ldap.LdapDirectory;
import dev.stoa.ldap.LdapSync;
import dev.stoa.oidc.OidcActions;
import dev.stoa.saml.SamlActions;
import dev.stoa.scim.ScimActions;
import dev.stoa.scim.ScimGroupActions;
import dev.stoa.users.EmailChangeActions;
import dev.stoa.signin.ExternalAccounts;
import dev.stoa.signin.FlowStore;
import dev.stoa.signin.RedirectFlows;

/** The configured sign-in methods beyond passwords: LDAP (--ldap-url) and OpenID Connect (--oidc-issuer), GitHub (--github-client-id), SAML (--saml-idp-url), SCIM provisioning (--scim-bearer-token); null when not configured. */
public final class SignInModule implements Module {
    final LdapDirectory ldap;
    public final LdapSync ldapSync;
    final OidcActions oidc;
    final ScimActions scim;
    final ScimGroupActions scimGroups;
    final GithubActions github;
    final SamlActions saml;
    /** The redirect-based methods' sign-ins under way (signin_flows), one store for all. */
    final RedirectFlows flows;

    SignInModule(Core c, UsersModule users, GroupsModule groups, RealmDomainsModule domains) {
        SignInConfig config = c.config().signIn();
        this.ldap = config.ldap() == null ? null : new LdapDirectory(config.ldap(), c.db(), c.users(), users.actions, users.profileFields, users.avatars);
        this.ldapSync = config.ldap() == null ? null : new LdapSync(config.ldap(), ldap, c.db(), c.users(), users.actions, c.clock());
        ExternalAccounts accounts = new ExternalAccounts(c.db(), c.users(), users.actions, domains.store, c.realm());
        this.flows = new RedirectFlows(c.db(), new FlowStore(), c.clock());
        this.oidc = config.oidc() == null ? null : new OidcActions(flows, config.oidc(), c.config().externalUrl(), accounts);
        this.github = config.github() == null ? null : new GithubActions(flows, config.github(), c.config().externalUrl(), accounts);
        this.saml = config.saml().isEmpty() ? null : new SamlActions(flows, config.saml(), c.config().externalUrl(), accounts,
                users.profileFields);
        this.scim = config.scim() == null ? null : new ScimActions(c.db(), c.users(), users.actions,
                new EmailChangeActions(c.log(), c.users(), c.userAccess(), c.userJson()), domains.store, c.realm(), config.scim());
        this.scimGroups = config.scim() == null ? null : new ScimGroupActions(c.db(), c.groups(), groups.actions, c.users(), config.scim());
    }

    /** The collector's pass (cluster-wide: one node at a time): the LDAP sync when due, expired sign-ins gone. */
    void doPeriodic() {
        if (ldapSync != null) ldapSync.doPeriodic();
        flows.doPurgeExpired();
    }
}
