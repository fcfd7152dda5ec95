package dev.stoa.signin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.SignInConfig;
import dev.stoa.http.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the server's configuration offers and the organization keeps on, in the shapes Zulip's
 * clients read: /server_settings' authentication_methods (lower-case keys) and
 * external_authentication_methods (the buttons the mobile and desktop apps and the login page show),
 * register's realm_authentication_methods (Zulip's backend names, each enabled or not) and the email /
 * password / username flags. A configured method the owners turned off (PATCH /realm) is listed in
 * realm_authentication_methods as not enabled and signs nobody in.
 *
 * @param email      Zulip's EmailAuthBackend: Stoa's own passwords (configured)
 * @param ldap       LDAP passwords through the same form (configured)
 * @param ldapUsernames LDAP sign-in takes a directory username, not an email address
 * @param external   the redirect-based methods, in the order the buttons show
 * @param disabled   backend names the organization turned off
 */
public record SignInMethods(boolean email, boolean ldap, boolean ldapUsernames, List<External> external, Set<String> disabled) {
    /** One redirect-based method: {@code key} as /server_settings names it, {@code backend} as register does. */
    public record External(String name, String key, String backend, String displayName, String displayIcon, String loginUrl, String signupUrl) {}

    public static final String EMAIL = "Email", LDAP = "LDAP";

    /** Zulip's AUTH_BACKEND_NAME_MAP, lower-cased, in its order: every key is always present in /server_settings. */
    private static final List<String> SERVER_KEYS = List.of("password", "dev", "email", "ldap", "remoteuser", "github", "azuread", "gitlab",
            "google", "apple", "saml", "openid connect");

    /** What {@code config} enables, everything on. */
    public static SignInMethods of(SignInConfig config) {
        List<External> external = new ArrayList<>();
        if (config.oidc() != null) {
            // Zulip's GenericOpenIdConnectBackend: name "oidc", backend "OpenID Connect"
            external.add(new External("oidc", "openid connect", "OpenID Connect", config.oidc().displayName(), config.oidc().displayIcon(),
                    "/accounts/login/social/oidc", "/accounts/register/social/oidc"));
        }
        if (config.github() != null) {
            // Zulip's GitHubAuthBackend: name "github", backend "GitHub" (its icon is Zulip's static file; Stoa's apps show the name)
            external.add(new External("github", "github", "GitHub", "GitHub", null, "/accounts/login/social/github", "/accounts/register/social/github"));
        }
        for (var s : config.saml()) {
            // Zulip's SAMLAuthBackend: one entry per identity provider, named "saml:<idp>", backend "SAML"
            external.add(new External("saml:" + s.idpName(), "saml", "SAML", s.displayName(), s.displayIcon(),
                    "/accounts/login/social/saml/" + s.idpName(), "/accounts/register/social/saml/" + s.idpName()));
        }
        return new SignInMethods(config.emailAuth(), config.ldap() != null, config.ldap() != null && config.ldap().usernames(),
                List.copyOf(external), Set.of());
    }

    public SignInMethods withDisabled(Set<String> off) {
        return new SignInMethods(email, ldap, ldapUsernames, external, Set.copyOf(off));
    }

    /** The configured methods by backend name, in register's order. */
    public List<String> backends() {
        List<String> out = new ArrayList<>();
        if (email) out.add(EMAIL);
        if (ldap) out.add(LDAP);
        for (External e : external) if (!out.contains(e.backend())) out.add(e.backend()); // several SAML providers are one backend
        return out;
    }

    /** Whether the method named by its backend name is configured and on. */
    public boolean enabled(String backend) {
        return backends().contains(backend) && !disabled.contains(backend);
    }

    public boolean emailEnabled() { return enabled(EMAIL); }

    public boolean ldapEnabled() { return enabled(LDAP); }

    public boolean passwordAuth() { return emailEnabled() || ldapEnabled(); }

    /** Zulip's require_email_format_usernames: false only when LDAP signs people in by directory username. */
    public boolean requireEmailFormatUsernames() { return !(ldapEnabled() && ldapUsernames); }

    public ObjectNode serverSettingsMethods() {
        ObjectNode m = Json.object();
        for (String k : SERVER_KEYS) m.put(k, serverKeyEnabled(k));
        return m;
    }

    private boolean serverKeyEnabled(String key) {
        return switch (key) {
            case "password" -> passwordAuth();
            case "email" -> emailEnabled();
            case "ldap" -> ldapEnabled();
            default -> external.stream().anyMatch(e -> e.key().equals(key) && enabled(e.backend()));
        };
    }

    public ArrayNode externalMethods() {
        ArrayNode out = Json.array();
        for (External e : external) {
            if (!enabled(e.backend())) continue;
            ObjectNode o = out.addObject().put("name", e.name()).put("display_name", e.displayName());
            if (e.displayIcon() == null) o.putNull("display_icon");
            else o.put("display_icon", e.displayIcon());
            o.put("login_url", e.loginUrl()).put("signup_url", e.signupUrl());
        }
        return out;
    }

    /** register's realm_authentication_methods: each method the server offers, by Zulip's backend name, on or off. */
    public ObjectNode realmMethods() {
        ObjectNode m = Json.object();
        for (String b : backends()) m.set(b, Json.object().put("enabled", !disabled.contains(b)).put("available", true));
        return m;
    }
}
