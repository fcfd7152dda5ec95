package dev.stoa.realm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.groups.GroupSettingRules;
import dev.stoa.groups.GroupSettingValues;
import dev.stoa.groups.GroupStore;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** register's `realm` state: every realm setting as realm_<name>, server limits and constants. */
public final class RealmState implements StateContributor {
    private final RealmHolder realm;
    private final String externalUrl;
    private final String host;
    private final long maxUploadMib;
    private final AuthMethods auth;
    private final boolean canSendEmail;
    private final boolean canPush;

    /** The sign-in methods the configuration enables and the organization keeps on (signin.SignInMethods), in register's shapes. */
    public record Auth(ObjectNode methods, boolean emailAuth, boolean passwordAuth) {}

    /** The sign-in methods as of this read (the sign-in feature decides them from the configuration and the realm). */
    @FunctionalInterface
    public interface AuthMethods {
        Auth of(Handle h);
    }

    /** Active users, for the API value of anonymous group settings (users sit above realm; groups' store reads them). */
    private final GroupStore groups;

    public RealmState(RealmHolder realm, GroupStore groups, String externalUrl, String host, long maxUploadMib,
                      AuthMethods auth,
                      boolean canSendEmail, boolean canPush) {
        this.auth = auth;
        this.canPush = canPush;
        this.groups = groups;
        this.canSendEmail = canSendEmail;
        this.maxUploadMib = maxUploadMib;
        this.realm = realm;
        this.externalUrl = externalUrl;
        this.host = host;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        Realm r = realm.get();
        Set<Long> active = null;
        for (var e : r.settings().properties()) {
            JsonNode v = e.getValue();
            if (v.isObject() && GroupSettingRules.REALM.containsKey(e.getKey())) {
                if (active == null) active = groups.allActiveUsers(ctx.h());
                v = GroupSettingValues.apiValue(v, active);
            }
            state.set("realm_" + e.getKey(), v);
        }
        state.set("server_supported_permission_settings", GroupSettingRules.supported());
        state.put("realm_date_created", r.dateCreated());
        state.put("realm_empty_topic_display_name", Realm.EMPTY_TOPIC_DISPLAY_NAME);
        state.put("realm_url", externalUrl);
        state.put("realm_uri", externalUrl);
        state.put("realm_bot_domain", host);
        state.put("realm_icon_url", "https://secure.gravatar.com/avatar/stoa?d=identicon");
        state.put("realm_logo_url", "/static/images/logo/zulip-org-logo.svg?version=0");
        state.put("realm_night_logo_url", "/static/images/logo/zulip-org-logo.svg?version=0");
        Auth a = auth.of(ctx.h());
        state.set("realm_authentication_methods", a.methods());
        state.put("realm_email_auth_enabled", a.emailAuth());
        state.put("realm_password_auth_enabled", a.passwordAuth());
        state.set("realm_available_video_chat_providers", videoChatProviders());
        state.set("realm_default_external_accounts", Json.object());
        state.put("max_topic_length", Realm.MAX_TOPIC_LENGTH);
        state.put("max_message_length", Realm.MAX_MESSAGE_LENGTH);
        state.put("max_stream_name_length", Realm.MAX_STREAM_NAME_LENGTH);
        state.put("max_stream_description_length", Realm.MAX_STREAM_DESCRIPTION_LENGTH);
        state.put("max_file_upload_size_mib", maxUploadMib);
        state.put("max_avatar_file_size_mib", 5);
        state.put("max_icon_file_size_mib", 5);
        state.put("max_logo_file_size_mib", 5);
        state.put("server_generation", ServerInfo.GENERATION);
        state.put("server_presence_ping_interval_seconds", 60);
        state.put("server_presence_offline_threshold_seconds", 140);
        state.put("server_typing_started_expiry_period_milliseconds", 45000);
        state.put("server_typing_stopped_wait_period_milliseconds", 5000);
        state.put("server_typing_started_wait_period_milliseconds", 10000);
        state.put("server_min_deactivated_realm_deletion_days", 14);
        state.putNull("server_max_deactivated_realm_deletion_days");
        state.put("server_inline_image_preview", true);
        state.put("server_inline_url_embed_preview", false);
        state.set("server_thumbnail_formats", Json.array());
        state.put("server_avatar_changes_disabled", false);
        state.put("server_name_changes_disabled", false);
        state.put("server_needs_upgrade", false);
        state.put("server_web_public_streams_enabled", true);
        state.put("server_jitsi_server_url", "https://meet.jit.si");
        state.put("jitsi_server_url", "https://meet.jit.si");
        state.put("server_can_summarize_topics", false);
        state.put("password_min_length", 6);
        state.put("password_max_length", 100);
        state.put("password_min_guesses", 10000);
        state.put("development_environment", false);
        state.put("zulip_plan_is_not_limited", true);
        state.put("upgrade_text_for_wide_organization_logo", "");
        // With a relay configured, what it last said of this organization (its can_push; realm-defaults.json's
        // true until it says otherwise, so a configured relay means enabled, as before its first answer).
        JsonNode relaySays = r.get("push_notifications_enabled");
        state.put("realm_push_notifications_enabled", canPush && (relaySays == null || relaySays.asBoolean(true)));
        JsonNode end = r.get("push_notifications_enabled_end_timestamp");
        if (canPush && end != null) state.set("realm_push_notifications_enabled_end_timestamp", end);
        else state.putNull("realm_push_notifications_enabled_end_timestamp");
        state.put("settings_send_digest_emails", false);
        state.set("giphy_rating_options", giphyRatings());
        state.put("giphy_api_key", "");
        // Stoa's: whether mail leaves this server (--smtp-url); clients say so where they offer email invitations.
        state.put("server_can_send_email", canSendEmail);
        state.put("server_emoji_data_url", externalUrl + "/static/generated/emoji/emoji_api.json");
    }

    private static ObjectNode videoChatProviders() {
        ObjectNode p = Json.object();
        p.set("disabled", Json.object().put("name", "None").put("id", 0));
        p.set("jitsi_meet", Json.object().put("name", "Jitsi Meet").put("id", 1));
        return p;
    }

    private static ObjectNode giphyRatings() {
        ObjectNode g = Json.object();
        g.set("disabled", Json.object().put("name", "GIPHY integration disabled").put("id", 0));
        g.set("y", Json.object().put("name", "Allow GIFs rated Y (Very young audience)").put("id", 1));
        g.set("g", Json.object().put("name", "Allow GIFs rated G (General audience)").put("id", 2));
        g.set("pg", Json.object().put("name", "Allow GIFs rated PG (Parental guidance)").put("id", 3));
        g.set("pg-13", Json.object().put("name", "Allow GIFs rated PG-13 (Parental guidance - under 13)").put("id", 4));
        g.set("r", Json.object().put("name", "Allow GIFs rated R (Restricted)").put("id", 5));
        return g;
    }
}
