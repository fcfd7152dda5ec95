package dev.stoa.config;

import java.net.URI;
import java.util.Map;

/**
 * GitHub sign-in (Zulip's SOCIAL_AUTH_GITHUB_KEY / _SECRET): an OAuth app registered at GitHub, and
 * where GitHub is: github.com by default, or a GitHub Enterprise Server (its web address and its API,
 * https://HOST/api/v3).
 */
public record GithubConfig(String clientId, String clientSecret, URI webUrl, URI apiUrl) {
    static final String[] NAMES = {"github-client-id", "github-client-secret", "github-client-secret-file", "github-url", "github-api-url"};

    /** null when --github-client-id is not set. */
    static GithubConfig from(Map<String, String> v) {
        String id = v.get("github-client-id");
        if (id == null || id.isBlank()) return null;
        String secret = SignInConfig.secret(v, "github-client-secret");
        if (secret == null) throw new Config.ConfigError("GitHub sign-in needs --github-client-secret (or -file)");
        URI web = SignInConfig.uri(v.getOrDefault("github-url", "https://github.com"), "github-url", "https?", "https://github.example.com");
        URI api = SignInConfig.uri(v.getOrDefault("github-api-url", v.containsKey("github-url") ? web + "/api/v3" : "https://api.github.com"),
                "github-api-url", "https?", "https://github.example.com/api/v3");
        return new GithubConfig(id.strip(), secret, web, api);
    }

    @Override
    public String toString() { // never the client secret
        return "GithubConfig[" + webUrl + ", client " + clientId + "]";
    }
}
