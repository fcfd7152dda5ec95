package dev.stoa.mobile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks JSON the way Zulip's mobile app decodes it: every class's required keys and types from
 * zulip-flutter-models.txt, the event dispatch of lib/api/model/events.dart (Event.fromJson: an
 * event type or op the app does not know becomes an UnexpectedEvent and is ignored), and the
 * message dispatch of Message.fromJson (type "stream" or "private", anything else throws).
 */
final class FlutterModels {
    private static final Map<String, Map<String, String>> CLASSES = load();

    /** Event.fromJson's switch: type, or type/op, to the class it decodes. */
    private static final Map<String, String> EVENTS = Map.ofEntries(
            Map.entry("realm_emoji/add", "RealmEmojiAddEvent"), Map.entry("realm_emoji/update_one", "RealmEmojiUpdateOneEvent"),
            Map.entry("realm_emoji/update", "RealmEmojiUpdateEvent"), Map.entry("alert_words", "AlertWordsEvent"),
            Map.entry("user_settings/update", "UserSettingsUpdateEvent"), Map.entry("device/add", "DeviceAddEvent"),
            Map.entry("device/remove", "DeviceRemoveEvent"), Map.entry("device/update", "DeviceUpdateEvent"),
            Map.entry("custom_profile_fields", "CustomProfileFieldsEvent"), Map.entry("user_group/add", "UserGroupAddEvent"),
            Map.entry("user_group/update", "UserGroupUpdateEvent"), Map.entry("user_group/add_members", "UserGroupAddMembersEvent"),
            Map.entry("user_group/remove_members", "UserGroupRemoveMembersEvent"),
            Map.entry("user_group/add_subgroups", "UserGroupAddSubgroupsEvent"),
            Map.entry("user_group/remove_subgroups", "UserGroupRemoveSubgroupsEvent"), Map.entry("user_group/remove", "UserGroupRemoveEvent"),
            Map.entry("realm_user/add", "RealmUserAddEvent"), Map.entry("realm_user/remove", "RealmUserRemoveEvent"),
            Map.entry("realm_user/update", "RealmUserUpdateEvent"), Map.entry("saved_snippets/add", "SavedSnippetsAddEvent"),
            Map.entry("saved_snippets/update", "SavedSnippetsUpdateEvent"), Map.entry("saved_snippets/remove", "SavedSnippetsRemoveEvent"),
            Map.entry("stream/create", "ChannelCreateEvent"), Map.entry("stream/delete", "ChannelDeleteEvent"),
            Map.entry("stream/update", "ChannelUpdateEvent"), Map.entry("subscription/add", "SubscriptionAddEvent"),
            Map.entry("subscription/remove", "SubscriptionRemoveEvent"), Map.entry("subscription/update", "SubscriptionUpdateEvent"),
            Map.entry("subscription/peer_add", "SubscriptionPeerAddEvent"), Map.entry("subscription/peer_remove", "SubscriptionPeerRemoveEvent"),
            Map.entry("channel_folder/add", "ChannelFolderAddEvent"), Map.entry("channel_folder/reorder", "ChannelFolderReorderEvent"),
            Map.entry("channel_folder/update", "ChannelFolderUpdateEvent"), Map.entry("user_status", "UserStatusEvent"),
            Map.entry("user_topic", "UserTopicEvent"), Map.entry("muted_users", "MutedUsersEvent"), Map.entry("message", "MessageEvent"),
            Map.entry("update_message", "UpdateMessageEvent"), Map.entry("delete_message", "DeleteMessageEvent"),
            Map.entry("update_message_flags/add", "UpdateMessageFlagsAddEvent"),
            Map.entry("update_message_flags/remove", "UpdateMessageFlagsRemoveEvent"), Map.entry("submessage", "SubmessageEvent"),
            Map.entry("typing", "TypingEvent"), Map.entry("presence", "PresenceEvent"), Map.entry("reaction", "ReactionEvent"),
            Map.entry("heartbeat", "HeartbeatEvent"));

    /** The event types whose decoding switches on op (an unknown op is ignored, a missing one throws). */
    private static final List<String> WITH_OP = List.of("realm_emoji", "user_settings", "device", "user_group", "realm_user",
            "saved_snippets", "stream", "subscription", "channel_folder", "update_message_flags");

    private FlutterModels() {}

    /** What in `json` the app would fail to decode as `cls`; empty when it decodes. */
    static List<String> problems(String cls, JsonNode json) {
        List<String> out = new ArrayList<>();
        check(cls, json, cls, out);
        return out;
    }

    /** The class an event decodes as, or null when the app ignores it (UnexpectedEvent). */
    static String eventClass(JsonNode e) {
        String type = e.path("type").asText();
        if (WITH_OP.contains(type)) return EVENTS.get(type + "/" + e.path("op").asText());
        return EVENTS.get(type);
    }

    static List<String> eventProblems(JsonNode e) {
        String cls = eventClass(e);
        List<String> out = new ArrayList<>();
        if (WITH_OP.contains(e.path("type").asText()) && !e.path("op").isTextual()) out.add("event " + e + ": no op");
        if (cls == null) return out;
        if (cls.equals("RealmUserRemoveEvent")) {
            if (!e.path("id").isInt() || !e.path("person").path("user_id").isInt()) out.add(cls + ": id and person.user_id");
            return out;
        }
        check(cls, e, cls, out);
        if (cls.equals("MessageEvent")) {
            // MessageEvent._readMessageValue: the event's flags join its message
            ObjectNode m = e.path("message").isObject() ? ((ObjectNode) e.get("message")).deepCopy() : null;
            if (m == null) out.add("MessageEvent.message: not an object");
            else {
                m.set("flags", e.get("flags"));
                check("Message", m, "MessageEvent.message", out);
            }
        }
        return out;
    }

    private static void check(String cls, JsonNode json, String path, List<String> out) {
        if (cls.equals("Event")) {
            eventProblems(json).forEach(p -> out.add(path + ": " + p));
            return;
        }
        if (cls.equals("Message")) {
            String type = json.path("type").asText();
            if (type.equals("stream")) cls = "StreamMessage";
            else if (type.equals("private")) cls = "DmMessage";
            else {
                out.add(path + ".type: " + json.get("type") + " is neither stream nor private");
                return;
            }
        }
        Map<String, String> keys = CLASSES.get(cls);
        if (keys == null) throw new IllegalArgumentException("no model " + cls);
        if (!json.isObject()) {
            out.add(path + ": not an object: " + clip(json));
            return;
        }
        keys.forEach((key, type) -> value(type, json.get(key), path + "." + key, out));
    }

    private static void value(String type, JsonNode v, String path, List<String> out) {
        boolean optional = type.endsWith("?");
        String t = optional ? type.substring(0, type.length() - 1) : type;
        if (v == null || v.isNull()) {
            if (!optional) out.add(path + ": missing (required " + t + ")");
            return;
        }
        boolean ok = switch (t) {
            case "any" -> true;
            case "string" -> v.isTextual();
            case "int" -> v.isNumber(); // the decoders read `as num` and truncate
            case "num" -> v.isNumber();
            case "bool" -> v.isBoolean();
            case "string|int" -> v.isTextual() || v.isIntegralNumber();
            default -> {
                if (t.startsWith("enum(")) {
                    yield List.of(t.substring(5, t.length() - 1).split("\\|", -1)).contains(v.asText()) && (v.isTextual() || v.isNumber());
                }
                if (t.startsWith("[")) {
                    if (!v.isArray()) yield false;
                    for (int i = 0; i < v.size(); i++) value(t.substring(1, t.length() - 1), v.get(i), path + "[" + i + "]", out);
                    yield true;
                }
                if (t.startsWith("{")) {
                    if (!v.isObject()) yield false;
                    v.properties().forEach(e -> value(t.substring(1, t.length() - 1), e.getValue(), path + "[" + e.getKey() + "]", out));
                    yield true;
                }
                check(t, v, path, out);
                yield true;
            }
        };
        if (!ok) out.add(path + ": expected " + t + ", got " + clip(v));
    }

    private static String clip(JsonNode v) {
        String s = String.valueOf(v);
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }

    private static Map<String, Map<String, String>> load() {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        try (var r = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                FlutterModels.class.getResourceAsStream("/mobile/zulip-flutter-models.txt")), StandardCharsets.UTF_8))) {
            Map<String, String> current = null;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) continue;
                if (!line.startsWith(" ")) out.put(line.strip(), current = new LinkedHashMap<>());
                else {
                    String[] kv = line.strip().split(" ", 2);
                    current.put(kv[0], kv[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
