package dev.stoa.signin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.realm.Realm;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.PasswordLogin;
import dev.stoa.users.UserJson;

/** The unauthenticated entry points: GET /server_settings and POST /fetch_api_key. */
public final class AuthViews {
    /** Markdown to HTML (the realm's renderer, which escapes raw HTML). */
    @FunctionalInterface
    public interface Markdown {
        String html(String markdown);
    }

    private final PasswordLogin passwords;
    private final UserJson json;
    private final RealmHolder realm;
    private final String externalUrl;
    private final SignInMethodActions methods;
    private final Markdown markdown;
    /** The last description rendered, and its source: /server_settings is unauthenticated and frequent. */
    private volatile String[] rendered = {"", ""};

    /** {@code markdown} renders the realm description (the realm's Markdown renderer, which escapes raw HTML). */
    private final boolean pushEnabled;

    public AuthViews(PasswordLogin passwords, UserJson json, RealmHolder realm, String externalUrl, SignInMethodActions methods,
                     Markdown markdown, boolean pushEnabled) {
        this.pushEnabled = pushEnabled;
        this.methods = methods;
        this.markdown = markdown;
        this.passwords = passwords;
        this.json = json;
        this.realm = realm;
        this.externalUrl = externalUrl;
    }

    public Object serverSettings(Request req) {
        Realm rm = realm.get();
        SignInMethods methods = this.methods.current(); // as Zulip's get_auth_backends_data: what this organization has on
        ObjectNode out = Json.success();
        out.set("authentication_methods", methods.serverSettingsMethods());
        out.set("external_authentication_methods", methods.externalMethods());
        out.put("zulip_feature_level", Realm.FEATURE_LEVEL);
        out.put("zulip_version", Realm.ZULIP_VERSION);
        out.put("zulip_merge_base", Realm.ZULIP_VERSION);
        // Zulip: true when the server can send mobile push notifications (here: a push relay is configured).
        out.put("push_notifications_enabled", pushEnabled);
        out.put("is_incompatible", false);
        out.put("email_auth_enabled", methods.emailEnabled());
        out.put("require_email_format_usernames", methods.requireEmailFormatUsernames());
        out.put("realm_url", externalUrl);
        out.put("realm_uri", externalUrl);
        out.put("realm_name", rm.name());
        out.put("realm_icon", "https://secure.gravatar.com/avatar/stoa?d=identicon");
        out.put("realm_description", renderedDescription(rm.get("description").asText()));
        out.put("realm_web_public_access_enabled", rm.spectatorAccess());
        return out;
    }

    /** As Zulip: the description rendered and sanitized, never its source (which may hold raw HTML). */
    private String renderedDescription(String source) {
        String[] last = rendered;
        if (last[0].equals(source)) return last[1];
        String html = source.isEmpty() ? "" : markdown.html(source);
        rendered = new String[] {source, html};
        return html;
    }

    public Object fetchApiKey(Request req) {
        User u = passwords.check(req.str("username"), req.str("password"), req.optStr("otp_token").orElse(null), "the API (fetch_api_key)");
        return Json.success().put("api_key", u.apiKey()).put("email", json.apiEmail(u)).put("user_id", u.id());
    }
}
