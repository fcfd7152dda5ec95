package dev.stoa.config;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Configuration of the per-user extras (issue 8): the video-call provider and the message report
 * types. Flags: --video-call-provider (none, jitsi, zoom), --jitsi-server-url, --zoom-client-id,
 * --zoom-client-secret, --zoom-api-url, --zoom-oauth-url, --report-message-types
 * ("key:Name,key:Name"), --presence-limited-to-accessible-users (Zulip's
 * CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE, default true), --welcome (default true: a new
 * organization gets Zulip's first-start content, the general and sandbox channels and the Welcome
 * Bot, which greets every new person; false: a bare organization); or the STOA_* environment
 * variables of the same names.
 */
public record ExtrasConfig(String videoCallProvider, String jitsiServerUrl, String zoomClientId, String zoomClientSecret,
                           String zoomApiUrl, String zoomOauthUrl, List<ReportType> reportMessageTypes,
                           boolean presenceLimitedToAccessibleUsers, boolean welcome) {

    public record ReportType(String key, String name) {}

    static final String[] NAMES = {"video-call-provider", "jitsi-server-url", "zoom-client-id", "zoom-client-secret",
            "zoom-api-url", "zoom-oauth-url", "report-message-types",
            "presence-limited-to-accessible-users", "welcome"};

    public static final String DEFAULT_REPORT_TYPES =
            "spam:Spam,harassment:Harassment,inappropriate:Inappropriate content,norms:Violates community norms,other:Other reason";

    public static ExtrasConfig defaults() {
        return from(Map.of());
    }

    static ExtrasConfig from(Map<String, String> v) {
        String provider = v.getOrDefault("video-call-provider", "none");
        if (!List.of("none", "jitsi", "zoom").contains(provider)) {
            throw new Config.ConfigError("--video-call-provider must be one of none, jitsi, zoom, got '" + provider + "'");
        }
        String jitsi = url(v, "jitsi-server-url", "https://meet.jit.si");
        String zoomApi = url(v, "zoom-api-url", "https://api.zoom.us");
        String zoomOauth = url(v, "zoom-oauth-url", "https://zoom.us");
        String id = v.get("zoom-client-id"), secret = v.get("zoom-client-secret");
        if ("zoom".equals(provider) && (id == null || secret == null)) {
            throw new Config.ConfigError("--video-call-provider zoom needs --zoom-client-id and --zoom-client-secret");
        }
        return new ExtrasConfig(provider, jitsi, id, secret, zoomApi, zoomOauth,
                reportTypes(v.getOrDefault("report-message-types", DEFAULT_REPORT_TYPES)),
                bool(v, "presence-limited-to-accessible-users"), bool(v, "welcome"));
    }

    private static boolean bool(Map<String, String> v, String name) {
        String s = v.getOrDefault(name, "true");
        if (!s.equals("true") && !s.equals("false")) throw new Config.ConfigError("--" + name + " must be true or false, got '" + s + "'");
        return Boolean.parseBoolean(s);
    }

    private static String url(Map<String, String> v, String name, String dflt) {
        String s = v.getOrDefault(name, dflt);
        try {
            URI u = URI.create(s);
            if (u.getScheme() == null || !u.getScheme().matches("https?") || u.getHost() == null) throw new IllegalArgumentException();
        } catch (IllegalArgumentException e) {
            throw new Config.ConfigError("--" + name + " must be an http(s) URL, got '" + s + "'");
        }
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    private static List<ReportType> reportTypes(String spec) {
        List<ReportType> out = new ArrayList<>();
        for (String item : spec.split(",")) {
            int colon = item.indexOf(':');
            String key = colon < 0 ? "" : item.substring(0, colon).strip();
            String name = colon < 0 ? "" : item.substring(colon + 1).strip();
            if (key.isEmpty() || name.isEmpty() || out.stream().anyMatch(t -> t.key().equals(key))) {
                throw new Config.ConfigError("--report-message-types must be a list of distinct key:Name pairs separated by commas, got '" + spec + "'");
            }
            out.add(new ReportType(key, name));
        }
        return List.copyOf(out);
    }

    public ExtrasConfig withVideoCalls(String provider, String jitsiUrl) {
        return new ExtrasConfig(provider, jitsiUrl, zoomClientId, zoomClientSecret, zoomApiUrl, zoomOauthUrl, reportMessageTypes, presenceLimitedToAccessibleUsers, welcome);
    }

    public ExtrasConfig withZoom(String clientId, String secret, String apiUrl, String oauthUrl) {
        return new ExtrasConfig("zoom", jitsiServerUrl, clientId, secret, apiUrl, oauthUrl, reportMessageTypes, presenceLimitedToAccessibleUsers, welcome);
    }

    public ExtrasConfig withReportTypes(List<ReportType> types) {
        return new ExtrasConfig(videoCallProvider, jitsiServerUrl, zoomClientId, zoomClientSecret, zoomApiUrl, zoomOauthUrl, types, presenceLimitedToAccessibleUsers, welcome);
    }

    public ExtrasConfig withPresenceLimited(boolean limited) {
        return new ExtrasConfig(videoCallProvider, jitsiServerUrl, zoomClientId, zoomClientSecret, zoomApiUrl, zoomOauthUrl,
                reportMessageTypes, limited, welcome);
    }

    public ExtrasConfig withWelcome(boolean w) {
        return new ExtrasConfig(videoCallProvider, jitsiServerUrl, zoomClientId, zoomClientSecret, zoomApiUrl, zoomOauthUrl,
                reportMessageTypes, presenceLimitedToAccessibleUsers, w);
    }
}
