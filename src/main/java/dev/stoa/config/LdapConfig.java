package dev.stoa.config;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * LDAP sign-in (Zulip's ZulipLDAPAuthBackend settings, as flags): the server ({@code ldap://} or
 * {@code ldaps://}, StartTLS on request, a PEM file of CAs to trust), how a username becomes an entry
 * (a DN template for a direct bind, or a search as the service account with a filter), how an entry
 * becomes an account (the email: {@code username@append-domain} or an attribute; the attribute map
 * for the name, custom profile fields and deactivation), and how often accounts are synced from it.
 *
 * @param attrMap Zulip's AUTH_LDAP_USER_ATTR_MAP: {@code full_name}, {@code avatar} (a photo attribute), {@code custom_profile_field__<name>},
 *                {@code deactivated} (an attribute whose value TRUE means deactivated) → attribute
 */
public record LdapConfig(URI url, boolean startTls, String caFile, String bindDn, String bindPassword, String searchBase, String userFilter,
                         String userDnTemplate, String appendDomain, String emailAttr, Map<String, String> attrMap, int syncMinutes) {
    static final String[] NAMES = {"ldap-url", "ldap-start-tls", "ldap-ca-file", "ldap-bind-dn", "ldap-bind-password", "ldap-bind-password-file",
            "ldap-user-search-base", "ldap-user-filter", "ldap-user-dn-template", "ldap-append-domain", "ldap-email-attr", "ldap-attr-map",
            "ldap-sync-minutes"};

    /** null when --ldap-url is not set. */
    static LdapConfig from(Map<String, String> v) {
        String url = v.get("ldap-url");
        if (url == null || url.isBlank()) return null;
        URI u = SignInConfig.uri(url, "ldap-url", "ldaps?", "ldap://host:389 or ldaps://host:636");
        String template = v.get("ldap-user-dn-template"), base = v.get("ldap-user-search-base");
        if ((template == null) == (base == null)) {
            throw new Config.ConfigError("LDAP needs exactly one of --ldap-user-dn-template (direct bind) and --ldap-user-search-base (search)");
        }
        for (String t : new String[] {template, v.get("ldap-user-filter")}) {
            if (t != null && !t.contains("%(user)s")) throw new Config.ConfigError("--ldap-user-dn-template and --ldap-user-filter must contain %(user)s");
        }
        if (v.get("ldap-append-domain") == null && v.get("ldap-email-attr") == null) {
            throw new Config.ConfigError("LDAP needs --ldap-append-domain or --ldap-email-attr (how an entry's email address is found)");
        }
        int sync = Integer.parseInt(v.getOrDefault("ldap-sync-minutes", "60").strip());
        return new LdapConfig(u, SignInConfig.bool(v, "ldap-start-tls", false), v.get("ldap-ca-file"), v.get("ldap-bind-dn"),
                SignInConfig.secret(v, "ldap-bind-password"), base, v.getOrDefault("ldap-user-filter", "(uid=%(user)s)"), template,
                v.get("ldap-append-domain"), v.get("ldap-email-attr"), attrMap(v.getOrDefault("ldap-attr-map", "full_name=cn")), sync);
    }

    private static Map<String, String> attrMap(String spec) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String pair : spec.split(",")) {
            String[] kv = pair.strip().split("=", 2);
            if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
                throw new Config.ConfigError("--ldap-attr-map must look like full_name=cn,custom_profile_field__phone=telephoneNumber, got '" + spec + "'");
            }
            m.put(kv[0].strip(), kv[1].strip());
        }
        return Map.copyOf(m);
    }

    /** Usernames are directory usernames, not email addresses (Zulip's require_email_format_usernames false). */
    public boolean usernames() { return emailAttr != null || appendDomain != null; }

    @Override
    public String toString() { // never the bind password (logs, error messages)
        return "LdapConfig[" + url + (startTls ? " StartTLS" : "") + ", bind " + bindDn + (bindPassword == null ? "" : " (password set)") + "]";
    }
}
