package dev.stoa.config;

import java.net.URI;
import java.util.Map;

/**
 * OpenID Connect sign-in (Zulip's SOCIAL_AUTH_OIDC_ENABLED_IDPS, one provider): the issuer (its
 * /.well-known/openid-configuration is read at the first sign-in), the client registered there, and
 * the button's name and icon. Covers Google, GitLab, Keycloak, Okta, Entra ID and any certified provider.
 */
public record OidcConfig(URI issuer, String clientId, String clientSecret, String displayName, String displayIcon) {
    static final String[] NAMES = {"oidc-issuer", "oidc-client-id", "oidc-client-secret", "oidc-client-secret-file", "oidc-display-name",
            "oidc-display-icon"};

    /** null when --oidc-issuer is not set. */
    static OidcConfig from(Map<String, String> v) {
        String issuer = v.get("oidc-issuer");
        if (issuer == null || issuer.isBlank()) return null;
        URI u = SignInConfig.uri(issuer, "oidc-issuer", "https?", "https://idp.example.com/realms/example");
        String id = v.get("oidc-client-id"), secret = SignInConfig.secret(v, "oidc-client-secret");
        if (id == null || secret == null) throw new Config.ConfigError("OpenID Connect needs --oidc-client-id and --oidc-client-secret (or -file)");
        return new OidcConfig(u, id, secret, v.getOrDefault("oidc-display-name", "OpenID Connect"), v.get("oidc-display-icon"));
    }

    @Override
    public String toString() { // never the client secret
        return "OidcConfig[" + issuer + ", client " + clientId + "]";
    }
}
