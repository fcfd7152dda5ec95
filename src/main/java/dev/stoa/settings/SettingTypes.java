package dev.stoa.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Request;
import dev.stoa.users.UserSettingsState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The user settings PATCH /settings changes (besides the account fields full_name, email,
 * passwords and timezone, which the users feature handles), with their types and allowed
 * values, and which legacy event each used to have.
 */
final class SettingTypes {
    enum Legacy { DISPLAY, NOTIFICATION, NONE }

    /** Parses and checks one raw parameter value; returns the JSON value to store. */
    interface Parser {
        JsonNode parse(String name, String raw);
    }

    record Setting(String name, Parser parser, Legacy legacy) {}

    static final Map<String, String> LANGUAGES = new LinkedHashMap<>();
    static final Set<String> SOUNDS = Set.of("zulip", "ding", "chime", "none");

    static {
        String[][] langs = {{"en", "English"}, {"de", "Deutsch"}, {"es", "Español"}, {"fr", "Français"}, {"it", "Italiano"},
                {"ja", "日本語"}, {"ko", "한국어"}, {"nl", "Nederlands"}, {"pl", "Polski"}, {"pt", "Português"},
                {"pt-br", "Português Brasileiro"}, {"ru", "Русский"}, {"sv", "Svenska"}, {"tr", "Türkçe"}, {"uk", "Українська"},
                {"zh-hans", "简体中文"}, {"zh-hant", "繁體中文"}, {"hi", "हिन्दी"}, {"id", "Bahasa Indonesia"}, {"cs", "Čeština"}};
        for (String[] l : langs) LANGUAGES.put(l[0], l[1]);
    }

    /** The settings whose changes also go out in the legacy event forms: register's legacy key lists. */
    private static final Set<String> DISPLAY_LEGACY = UserSettingsState.DISPLAY_LEGACY;
    private static final Set<String> NOTIFICATION_LEGACY = UserSettingsState.NOTIFICATION_LEGACY;

    static final Map<String, Setting> ALL = new LinkedHashMap<>();

    static {
        for (String b : List.of("twenty_four_hour_time", "starred_message_counts", "receives_typing_notifications",
                "web_suggest_update_timezone", "fluid_layout_width", "high_contrast_mode", "enable_drafts_synchronization",
                "translate_emoticons", "display_emoji_reaction_users", "web_escape_navigates_to_home_view", "left_side_userlist",
                "hide_ai_features", "enable_stream_desktop_notifications", "enable_stream_email_notifications",
                "enable_stream_push_notifications", "enable_stream_audible_notifications", "enable_desktop_notifications",
                "enable_sounds", "enable_offline_email_notifications", "enable_offline_push_notifications",
                "enable_online_push_notifications", "enable_followed_topic_desktop_notifications",
                "enable_followed_topic_email_notifications", "enable_followed_topic_push_notifications",
                "enable_followed_topic_audible_notifications", "enable_digest_emails", "enable_marketing_emails",
                "enable_login_emails", "message_content_in_email_notifications", "pm_content_in_desktop_notifications",
                "wildcard_mentions_notify", "enable_followed_topic_wildcard_mentions_notify",
                "automatically_follow_topics_where_mentioned", "presence_enabled", "enter_sends",
                "send_private_typing_notifications", "send_stream_typing_notifications", "send_read_receipts",
                "allow_private_data_export", "web_navigate_to_sent_message")) {
            add(b, SettingTypes::bool);
        }
        add("web_mark_read_on_scroll_policy", oneOf(1, 2, 3));
        add("web_channel_default_view", oneOf(1, 2));
        add("color_scheme", oneOf(1, 2, 3));
        add("demote_inactive_streams", oneOf(1, 2, 3));
        add("user_list_style", oneOf(1, 2, 3));
        add("web_stream_unreads_count_display_policy", oneOf(1, 2, 3));
        add("desktop_icon_count_display", oneOf(1, 2, 3, 4));
        add("realm_name_in_email_notifications_policy", oneOf(1, 2, 3));
        add("automatically_follow_topics_policy", oneOf(1, 2, 3, 4));
        add("automatically_unmute_topics_in_muted_streams_policy", oneOf(1, 2, 3, 4));
        add("email_address_visibility", oneOf(1, 2, 3, 4, 5));
        add("web_font_size_px", range(12, 20));
        add("web_line_height_percent", range(122, 158));
        add("email_notifications_batching_period_seconds", (n, v) -> {
            long s = integer(n, v);
            if (s < 120 || s > 7 * 24 * 3600) throw SettingsErrors.invalidEmailBatchingPeriod(s);
            return JsonNodeFactory.instance.numberNode(s);
        });
        add("default_language", text(LANGUAGES.keySet(), "Invalid default_language"));
        add("web_home_view", (n, v) -> {
            String s = "recent_topics".equals(v) ? "recent" : v;
            return text(Set.of("recent", "inbox", "all_messages"), "Invalid web_home_view").parse(n, s);
        });
        add("emojiset", text(Set.of("google", "twitter", "text", "google-blob"), "Invalid emojiset"));
        add("web_animate_image_previews", text(Set.of("always", "on_hover", "never"), "Invalid web_animate_image_previews"));
        add("notification_sound", (n, v) -> {
            if (!SOUNDS.contains(v)) throw SettingsErrors.invalidNotificationSound(v);
            return JsonNodeFactory.instance.textNode(v);
        });
    }

    private SettingTypes() {}

    private static void add(String name, Parser p) {
        Legacy l = DISPLAY_LEGACY.contains(name) ? Legacy.DISPLAY : NOTIFICATION_LEGACY.contains(name) ? Legacy.NOTIFICATION : Legacy.NONE;
        ALL.put(name, new Setting(name, p, l));
    }

    /** The parameter parser's own reading (Zulip's Json[bool] / Json[int] and their messages). */
    private static JsonNode bool(String name, String v) {
        return JsonNodeFactory.instance.booleanNode(Request.parseBool(name, v));
    }

    private static long integer(String name, String v) {
        return Request.parseLong(name, v);
    }

    private static Parser oneOf(int... allowed) {
        return (n, v) -> {
            long i = integer(n, v);
            for (int a : allowed) if (a == i) return JsonNodeFactory.instance.numberNode((int) i);
            throw CommonErrors.invalid(n);
        };
    }

    private static Parser range(int min, int max) {
        return (n, v) -> {
            long i = integer(n, v);
            if (i < min || i > max) throw CommonErrors.invalid(n);
            return JsonNodeFactory.instance.numberNode((int) i);
        };
    }

    private static Parser text(Set<String> allowed, String error) {
        return (n, v) -> {
            if (!allowed.contains(v)) throw ApiError.bad(error);
            return JsonNodeFactory.instance.textNode(v);
        };
    }
}
