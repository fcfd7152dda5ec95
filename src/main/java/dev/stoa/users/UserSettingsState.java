package dev.stoa.users;

import dev.stoa.identity.User;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/**
 * register's user_settings and realm_user_settings_defaults, and the legacy top-level copies.
 * The seed (level 496) says the user_settings_object capability has no effect now: the legacy
 * keys follow the requested state alone, as Zulip serves them to clients that ask for the old
 * types (zulip-terminal reads twenty_four_hour_time and pm_content_in_desktop_notifications
 * there): update_display_settings brings the display settings, emojiset_choices and timezone;
 * update_global_notifications the notification settings and available_notification_sounds.
 */
public final class UserSettingsState implements StateContributor {
    /** zulip.yaml's top-level register keys "present if update_display_settings is in fetch_event_types" (settings only). */
    public static final Set<String> DISPLAY_LEGACY = Set.of("color_scheme", "default_language", "demote_inactive_streams",
            "emojiset", "enable_drafts_synchronization", "enter_sends", "fluid_layout_width", "high_contrast_mode",
            "left_side_userlist", "starred_message_counts", "translate_emoticons", "twenty_four_hour_time", "web_home_view", "timezone");
    /** ... and "present if update_global_notifications is in fetch_event_types". */
    public static final Set<String> NOTIFICATION_LEGACY = Set.of("enable_desktop_notifications", "enable_digest_emails",
            "enable_login_emails", "enable_marketing_emails", "email_notifications_batching_period_seconds",
            "enable_offline_email_notifications", "enable_offline_push_notifications", "enable_online_push_notifications",
            "enable_sounds", "enable_stream_audible_notifications", "enable_stream_desktop_notifications",
            "enable_stream_email_notifications", "enable_stream_push_notifications", "message_content_in_email_notifications",
            "notification_sound", "pm_content_in_desktop_notifications", "desktop_icon_count_display",
            "realm_name_in_email_notifications_policy", "presence_enabled", "wildcard_mentions_notify");

    @Override
    public Set<String> eventTypes() { return Set.of("user_settings", "update_display_settings", "update_global_notifications", "realm_user_settings_defaults"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        if (ctx.fetches("realm_user_settings_defaults")) {
            ObjectNode defaults = UserSettings.withChoices(User.SETTINGS_DEFAULTS.deepCopy());
            defaults.remove("timezone");
            state.set("realm_user_settings_defaults", defaults);
        }
        User me = ctx.viewer();
        if (me == null) return;
        ObjectNode settings = UserSettings.of(me);
        if (ctx.fetches("user_settings")) state.set("user_settings", settings);
        if (ctx.fetches("update_display_settings")) {
            copy(settings, state, DISPLAY_LEGACY);
            state.set("emojiset_choices", settings.get("emojiset_choices"));
        }
        if (ctx.fetches("update_global_notifications")) {
            copy(settings, state, NOTIFICATION_LEGACY);
            state.set("available_notification_sounds", settings.get("available_notification_sounds"));
        }
    }

    private static void copy(ObjectNode settings, ObjectNode state, Set<String> keys) {
        for (String k : keys) if (settings.has(k)) state.set(k, settings.get(k).deepCopy());
    }
}
