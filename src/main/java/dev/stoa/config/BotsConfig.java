package dev.stoa.config;

import java.util.Map;

/**
 * Outgoing webhooks (issue 27): --outgoing-webhook-allow-private (default false: a bot's service
 * URL resolving to a loopback, link-local, private or otherwise non-public address is refused, as
 * Zulip's Smokescreen proxy refuses it, so a member cannot make the server probe its own network;
 * true for a bot server on the same machine or network) and --outgoing-webhook-timeout (seconds,
 * default 10: Zulip's OUTGOING_WEBHOOK_TIMEOUT_SECONDS).
 */
public record BotsConfig(boolean allowPrivate, int timeoutSeconds) {
    static final String[] NAMES = {"outgoing-webhook-allow-private", "outgoing-webhook-timeout"};

    public static final BotsConfig DEFAULTS = new BotsConfig(false, 10);

    static BotsConfig from(Map<String, String> v) {
        String allow = v.getOrDefault("outgoing-webhook-allow-private", "false");
        if (!allow.equals("true") && !allow.equals("false")) {
            throw new Config.ConfigError("--outgoing-webhook-allow-private must be true or false, got '" + allow + "'");
        }
        String t = v.getOrDefault("outgoing-webhook-timeout", "10");
        int timeout;
        try {
            timeout = Integer.parseInt(t);
        } catch (NumberFormatException e) {
            timeout = -1;
        }
        if (timeout < 1 || timeout > 300) throw new Config.ConfigError("--outgoing-webhook-timeout must be 1 to 300 seconds, got '" + t + "'");
        return new BotsConfig(Boolean.parseBoolean(allow), timeout);
    }
}
