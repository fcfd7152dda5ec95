package dev.stoa.config;

import java.net.URI;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The mobile push relay (Zulip's "mobile push notification service", a bouncer speaking zilencer's
 * /api/v1/remotes/ API): --push-relay-url, and this server's credentials there, Zulip's
 * ZULIP_ORG_ID (--push-relay-org-id, a UUID) and ZULIP_ORG_KEY (--push-relay-org-key, or
 * --push-relay-org-key-file; 64 characters), plus --push-relay-contact-email for `./stoa
 * register-push-relay`. Without all three, nothing is sent and push_notifications_enabled is false.
 */
public record PushConfig(URI relayUrl, String orgId, String orgKey, String contactEmail) {
    static final String[] NAMES = {"push-relay-url", "push-relay-org-id", "push-relay-org-key", "push-relay-org-key-file",
            "push-relay-contact-email"};
    /** zilencer's RemoteZulipServer.API_KEY_LENGTH; the id is a UUID (validate_uuid). */
    static final int ORG_KEY_LENGTH = 64;
    private static final Pattern UUID4 = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    public static final PushConfig NONE = new PushConfig(null, null, null, null);

    public boolean configured() { return relayUrl != null && orgId != null && orgKey != null; }

    static PushConfig from(Map<String, String> v) {
        String url = v.get("push-relay-url"), id = v.get("push-relay-org-id"), key = SignInConfig.secret(v, "push-relay-org-key");
        if (url == null && id == null && key == null) return new PushConfig(null, null, null, v.get("push-relay-contact-email"));
        if (url == null || id == null || key == null) {
            throw new Config.ConfigError("the push relay needs --push-relay-url, --push-relay-org-id and --push-relay-org-key (or -file)");
        }
        URI u;
        try {
            u = URI.create(url.strip());
            if (u.getScheme() == null || !u.getScheme().matches("https?") || u.getHost() == null) throw new IllegalArgumentException();
        } catch (IllegalArgumentException e) {
            throw new Config.ConfigError("--push-relay-url must be an http(s) URL, got '" + url + "'");
        }
        if (!UUID4.matcher(id.strip()).matches()) throw new Config.ConfigError("--push-relay-org-id must be a UUID (version 4, lower case)");
        if (key.length() != ORG_KEY_LENGTH) {
            throw new Config.ConfigError("--push-relay-org-key must be " + ORG_KEY_LENGTH + " characters long"); // never the key
        }
        return new PushConfig(u, id.strip(), key, v.get("push-relay-contact-email"));
    }

    @Override
    public String toString() { // never the key (logs)
        return "PushConfig[" + relayUrl + ", " + orgId + "]";
    }
}
