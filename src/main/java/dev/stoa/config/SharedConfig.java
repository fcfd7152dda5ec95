package dev.stoa.config;

import java.net.URI;
import java.util.Map;

/**
 * What several nodes share besides the database (issue 17): --redis-url (redis://[user:password@]host:port[/db],
 * rediss:// for TLS) holds the rate limits and login throttling of every node, so N nodes do not mean N times
 * the limit; without it each node keeps its own in-memory limits (right for one node). --redis-key-prefix
 * (default "stoa:") starts every key Stoa writes, so deployments (and test servers) sharing a Redis never collide.
 */
public record SharedConfig(URI redisUrl, String redisKeyPrefix) {
    static final String[] NAMES = {"redis-url", "redis-key-prefix"};

    static SharedConfig from(Map<String, String> v) {
        String url = v.get("redis-url");
        URI uri = null;
        if (url != null && !url.isBlank()) {
            String shown = url.strip().replaceAll(":[^:@/]*@", ":***@"); // never a password in an error line
            try {
                uri = URI.create(url.strip());
            } catch (IllegalArgumentException e) {
                uri = null;
            }
            if (uri == null || uri.getScheme() == null || !uri.getScheme().matches("rediss?") || uri.getHost() == null) {
                throw new Config.ConfigError("--redis-url must look like redis://host:port (or rediss://user:password@host:port/db), got '" + shown + "'");
            }
        }
        String prefix = v.getOrDefault("redis-key-prefix", "stoa:");
        if (prefix.isEmpty() || prefix.length() > 100 || prefix.chars().anyMatch(c -> c <= ' ' || c >= 127)) {
            throw new Config.ConfigError("--redis-key-prefix must be 1 to 100 printable ASCII characters without spaces, got '" + prefix + "'");
        }
        return new SharedConfig(uri, prefix);
    }

    public boolean redis() { return redisUrl != null; }

    public SharedConfig withRedis(URI url, String prefix) { return new SharedConfig(url, prefix); }
}
