package dev.stoa.realm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The scalar realm settings PATCH /realm accepts, each with its parser (Zulip's validators and
 * messages), whether only owners may change it, and how its change is announced.
 */
final class RealmSettingSpecs {
    @FunctionalInterface
    interface Parser {
        JsonNode parse(Request req, String name);
    }

    record Spec(String name, Parser parser, boolean ownerOnly, boolean channelId) {}

    static final Map<String, Spec> SPECS = new LinkedHashMap<>();
    /** Announced as realm/update_dict (Zulip's historical message-edit settings); others as realm/update. */
    static final Set<String> UPDATE_DICT = Set.of("allow_message_editing", "message_content_edit_limit_seconds", "upload_quota_mib",
            "push_notifications_enabled_end_timestamp");

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Set<String> LANGUAGES = Set.of("ar", "be", "bg", "bn", "ca", "cs", "cy", "da", "de", "el", "en", "en_GB", "eo",
            "es", "fa", "fi", "fr", "gl", "gu", "hi", "hu", "id", "it", "ja", "ko", "lt", "lv", "ml", "mn", "nl", "no", "pl", "pt",
            "pt_BR", "pt_PT", "ro", "ru", "si", "sk", "sr", "sv", "ta", "te", "tl", "tr", "uk", "ur", "vi", "zh-hans", "zh-hant", "zh_TW");

    static {
        put("name", capped(40), false);
        put("description", capped(1000), false);
        put("welcome_message_custom_text", capped(8000), false);
        for (String b : List.of("allow_message_editing", "allow_edit_history", "enable_spectator_access", "inline_image_preview",
                "inline_url_embed_preview", "mandatory_topics", "send_welcome_emails", "digest_emails_enabled",
                "message_content_allowed_in_email_notifications", "enable_read_receipts", "enable_guest_user_indicator",
                "enable_guest_user_dm_warning", "want_advertise_in_communities_directory", "require_unique_names",
                "name_changes_disabled", "email_changes_disabled", "avatar_changes_disabled", "presence_disabled")) {
            put(b, RealmSettingSpecs::bool, false);
        }
        for (String b : List.of("invite_required", "emails_restricted_to_domains", "disallow_disposable_email_addresses")) {
            put(b, RealmSettingSpecs::bool, true);
        }
        for (String t : List.of("message_content_edit_limit_seconds", "message_content_delete_limit_seconds",
                "move_messages_within_stream_limit_seconds", "move_messages_between_streams_limit_seconds")) {
            put(t, RealmSettingSpecs::timeLimit, false);
        }
        put("waiting_period_threshold", RealmSettingSpecs::nonNegative, true);
        put("message_retention_days", RealmSettingSpecs::retention, true);
        put("default_language", (r, n) -> {
            String v = r.str(n);
            if (!LANGUAGES.contains(v)) throw ApiError.bad("Invalid language '" + v + "'");
            return F.textNode(v);
        }, false);
        put("default_code_block_language", (r, n) -> F.textNode(Request.noNul(n, r.str(n))), false);
        put("video_chat_provider", intIn(Set.of(0, 1), v -> "Invalid video_chat_provider " + v), false);
        put("giphy_rating", intIn(Set.of(0, 1, 2, 3, 4, 5), v -> "Invalid giphy_rating " + v), false);
        put("digest_weekday", intIn(Set.of(0, 1, 2, 3, 4, 5, 6), v -> "Invalid digest_weekday"), false);
        put("org_type", intIn(Set.of(0, 10, 20, 30, 35, 40, 50, 60, 70, 80, 90, 100), v -> "Invalid org_type"), false);
        put("topics_policy", stringIn(Set.of("allow_empty_topic", "disable_empty_topic")), false);
        put("message_edit_history_visibility_policy", stringIn(Set.of("all", "moves", "none")), false);
        for (String c : List.of("new_stream_announcements_stream_id", "signup_announcements_stream_id",
                "zulip_update_announcements_stream_id", "moderation_request_channel_id")) {
            SPECS.put(c, new Spec(c, RealmSettingSpecs::integer, false, true));
        }
    }

    private static void put(String name, Parser p, boolean ownerOnly) {
        SPECS.put(name, new Spec(name, p, ownerOnly, false));
    }

    private static Parser capped(int max) {
        return (r, n) -> {
            String v = Request.noNul(n, r.str(n));
            if (v.length() > max) throw ApiError.bad(n + " is too long (limit: " + max + " characters)");
            return F.textNode(v);
        };
    }

    private static JsonNode bool(Request r, String n) {
        return F.booleanNode(r.optBool(n).orElseThrow());
    }

    private static JsonNode integer(Request r, String n) {
        JsonNode v = r.json(n);
        if (!v.isIntegralNumber() || !v.canConvertToInt()) throw ApiError.bad(n + " is not an integer");
        return F.numberNode(v.intValue());
    }

    private static Parser intIn(Set<Integer> allowed, IntFunction<String> msg) {
        return (r, n) -> {
            int v = integer(r, n).intValue();
            if (!allowed.contains(v)) throw ApiError.bad(msg.apply(v));
            return F.numberNode(v);
        };
    }

    private static Parser stringIn(Set<String> allowed) {
        return (r, n) -> {
            String raw = r.str(n);
            JsonNode j = Json.parseOrNull(raw);
            String v = j != null && j.isTextual() ? j.textValue() : raw;
            if (!allowed.contains(v)) throw ApiError.bad("Invalid " + n);
            return F.textNode(v);
        };
    }

    /** A positive number of seconds, or "unlimited" (null). */
    private static JsonNode timeLimit(Request r, String n) {
        String raw = r.str(n);
        JsonNode j = Json.parseOrNull(raw);
        if (raw.equals("unlimited") || (j != null && j.isTextual() && j.textValue().equals("unlimited"))) return F.nullNode();
        if (j == null || !j.isIntegralNumber() || !j.canConvertToInt() || j.intValue() <= 0) throw ApiError.bad("Bad value for '" + n + "': " + raw);
        return F.numberNode(j.intValue());
    }

    /** A positive number of days, or "unlimited" (-1). */
    private static JsonNode retention(Request r, String n) {
        String raw = r.str(n);
        JsonNode j = Json.parseOrNull(raw);
        if (raw.equals("unlimited") || (j != null && j.isTextual() && j.textValue().equals("unlimited"))) return F.numberNode(-1);
        if (j == null || !j.isIntegralNumber() || !j.canConvertToInt() || j.intValue() <= 0) throw ApiError.bad("Bad value for '" + n + "': " + raw);
        return F.numberNode(j.intValue());
    }

    private static JsonNode nonNegative(Request r, String n) {
        String raw = r.str(n);
        JsonNode j = Json.parseOrNull(raw);
        if (j == null || !j.isIntegralNumber() || !j.canConvertToInt() || j.intValue() < 0) throw ApiError.bad("Bad value for '" + n + "': " + raw);
        return F.numberNode(j.intValue());
    }

    private RealmSettingSpecs() {}
}
