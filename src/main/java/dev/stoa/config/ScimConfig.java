package dev.stoa.config;

import java.util.Map;

/**
 * SCIM 2.0 provisioning (Zulip's SCIM_CONFIG for the organization): the bearer token the identity
 * provider (Okta, Entra ID…) sends, the client's name for the logs, and whether it sends and reads
 * name.formatted (Okta does not: it speaks givenName/familyName, Zulip's name_formatted_included = False).
 */
public record ScimConfig(String bearerToken, String clientName, boolean nameFormattedIncluded) {
    static final String[] NAMES = {"scim-bearer-token", "scim-bearer-token-file", "scim-client-name", "scim-name-formatted-included"};

    /** null when no token is set (no SCIM endpoint). */
    static ScimConfig from(Map<String, String> v) {
        String token = SignInConfig.secret(v, "scim-bearer-token");
        if (token == null) return null;
        // A guessable token hands out the whole user directory: refuse short ones (Zulip's docs: apg -m20).
        if (token.length() < 20) throw new Config.ConfigError("--scim-bearer-token must be at least 20 characters long");
        String name = v.getOrDefault("scim-client-name", "scim-client");
        if (!name.matches("[A-Za-z0-9_.-]{1,40}")) throw new Config.ConfigError("--scim-client-name must be 1-40 letters, digits, '.', '_' or '-', got '" + name + "'");
        return new ScimConfig(token, name, SignInConfig.bool(v, "scim-name-formatted-included", true));
    }

    @Override
    public String toString() { // never the token
        return "ScimConfig[client " + clientName + ", name.formatted " + nameFormattedIncluded + "]";
    }
}
