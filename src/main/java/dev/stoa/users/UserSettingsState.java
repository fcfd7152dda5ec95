package dev.stoa.users;

import dev.stoa.identity.User;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.queues.StateContributor;
import dev.stoa.realm.Realm;
import java.util.Set;

/** register's user_settings (and realm_user_settings_defaults); legacy top-level copies for old clients. */
public final class UserSettingsState implements StateContributor {
    /** Settings that Zulip also sends at the top level to clients without user_settings_object. */
    private static final Set<String> NOT_LEGACY = Set.of("available_notification_sounds", "emojiset_choices",
            "email_address_visibility", "allow_private_data_export", "send_private_typing_notifications",
            "send_stream_typing_notifications", "send_read_receipts", "web_suggest_update_timezone",
            "automatically_follow_topics_policy", "automatically_unmute_topics_in_muted_streams_policy",
            "automatically_follow_topics_where_mentioned", "web_mark_read_on_scroll_policy", "web_channel_default_view",
            "web_font_size_px", "web_line_height_percent", "display_emoji_reaction_users", "web_escape_navigates_to_home_view",
            "user_list_style", "web_animate_image_previews", "web_stream_unreads_count_display_policy", "hide_ai_features",
            "enable_followed_topic_desktop_notifications", "enable_followed_topic_email_notifications",
            "enable_followed_topic_push_notifications", "enable_followed_topic_audible_notifications",
            "enable_followed_topic_wildcard_mentions_notify", "web_navigate_to_sent_message", "web_home_view");

    @Override
    public Set<String> eventTypes() { return Set.of("user_settings", "update_display_settings", "update_global_notifications", "realm_user_settings_defaults"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        ObjectNode defaults = UserSettings.withChoices(User.SETTINGS_DEFAULTS.deepCopy());
        defaults.remove("timezone");
        state.set("realm_user_settings_defaults", defaults);
        User me = ctx.viewer();
        if (me == null) return;
        ObjectNode settings = UserSettings.of(me);
        state.set("user_settings", settings);
        if (!ctx.options().can("user_settings_object")) {
            settings.properties().forEach(e -> {
                if (!NOT_LEGACY.contains(e.getKey())) state.set(e.getKey(), e.getValue());
            });
        }
    }
}
