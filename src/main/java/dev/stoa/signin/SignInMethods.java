package dev.stoa.signin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;

/**
 * What the server's configuration enables, in the shapes Zulip's clients read: /server_settings'
 * authentication_methods (lower-case keys) and external_authentication_methods (the buttons the
 * mobile and desktop apps and the login page show), register's realm_authentication_methods (Zulip's
 * backend names) and the email / password / username flags.
 *
 * @param email      Zulip's EmailAuthBackend: Stoa's own passwords
 * @param ldap       LDAP passwords through the same form
 * @param ldapUsernames LDAP sign-in takes a directory username, not an email address
 * @param external   the redirect-based methods, in the order the buttons show
 */
public record SignInMethods(boolean email, boolean ldap, boolean ldapUsernames, List<External> external) {
    /** One redirect-based method: {@code key} as /server_settings names it, {@code backend} as register does. */
    public record External(String name, String key, String backend, String displayName, String displayIcon, String loginUrl, String signupUrl) {}

    /** Zulip's AUTH_BACKEND_NAME_MAP, lower-cased, in its order: every key is always present in /server_settings. */
    private static final List<String> SERVER_KEYS = List.of("password", "dev", "email", "ldap", "remoteuser", "github", "azuread", "gitlab",
            "google", "apple", "saml", "openid connect");

    /** What {@code config} enables. */
    public static SignInMethods of(dev.stoa.config.SignInConfig config) {
        List<External> external = new java.util.ArrayList<>();
        if (config.oidc() != null) {
            // Zulip's GenericOpenIdConnectBackend: name "oidc", backend "OpenID Connect"
            external.add(new External("oidc", "openid connect", "OpenID Connect", config.oidc().displayName(), config.oidc().displayIcon(),
                    "/accounts/login/social/oidc", "/accounts/register/social/oidc"));
        }
        return new SignInMethods(config.emailAuth(), config.ldap() != null, config.ldap() != null && config.ldap().usernames(), List.copyOf(external));
    }

    public boolean passwordAuth() { return email || ldap; }

    /** Zulip's require_email_format_usernames: false only when LDAP signs people in by directory username. */
    public boolean requireEmailFormatUsernames() { return !(ldap && ldapUsernames); }

    public ObjectNode serverSettingsMethods() {
        ObjectNode m = Json.object();
        for (String k : SERVER_KEYS) m.put(k, enabled(k));
        return m;
    }

    private boolean enabled(String key) {
        return switch (key) {
            case "password" -> passwordAuth();
            case "email" -> email;
            case "ldap" -> ldap;
            default -> external.stream().anyMatch(e -> e.key().equals(key));
        };
    }

    public ArrayNode externalMethods() {
        ArrayNode out = Json.array();
        for (External e : external) {
            ObjectNode o = out.addObject().put("name", e.name()).put("display_name", e.displayName());
            if (e.displayIcon() == null) o.putNull("display_icon");
            else o.put("display_icon", e.displayIcon());
            o.put("login_url", e.loginUrl()).put("signup_url", e.signupUrl());
        }
        return out;
    }

    /** register's realm_authentication_methods: each method the server offers, by Zulip's backend name. */
    public ObjectNode realmMethods() {
        ObjectNode m = Json.object();
        if (email) m.set("Email", method());
        if (ldap) m.set("LDAP", method());
        for (External e : external) m.set(e.backend(), method());
        return m;
    }

    private static ObjectNode method() {
        return Json.object().put("enabled", true).put("available", true);
    }
}
