package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.realm.Realm;
import java.util.Set;

/** Parsing and checking of channel parameters, with Zulip's messages. */
final class ChannelParams {
    static final Set<String> TOPICS_POLICIES = Set.of("inherit", "allow_empty_topic", "disable_empty_topic", "empty_topic_only");

    private ChannelParams() {}

    static String name(String raw) {
        String name = raw.strip();
        if (name.isEmpty()) throw ChannelErrors.channelNameCantBeEmpty();
        if (name.codePointCount(0, name.length()) > Realm.MAX_STREAM_NAME_LENGTH) {
            throw ChannelErrors.channelNameTooLong(Realm.MAX_STREAM_NAME_LENGTH);
        }
        int pos = 0;
        for (int cp : name.codePoints().toArray()) {
            int type = Character.getType(cp);
            boolean nonCharacter = (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
            if (type == Character.CONTROL || type == Character.SURROGATE || nonCharacter) {
                throw ChannelErrors.invalidCharacterInChannelName((pos + 1));
            }
            pos++;
        }
        return name;
    }

    static String description(String raw) {
        if (raw.codePointCount(0, raw.length()) > Realm.MAX_STREAM_DESCRIPTION_LENGTH) {
            throw ChannelErrors.descriptionTooLong(Realm.MAX_STREAM_DESCRIPTION_LENGTH);
        }
        if (raw.indexOf('\0') >= 0) throw ChannelErrors.descriptionContainsNull();
        // Zulip keeps descriptions on one line.
        return raw.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }

    /** message_retention_days: a positive number of days, "realm_default" (null) or "unlimited" (-1). */
    static Integer retention(Request req) {
        String raw = req.raw("message_retention_days");
        if (raw == null) return null;
        String v = raw.strip();
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) v = v.substring(1, v.length() - 1);
        if (v.equals("realm_default")) return null;
        if (v.equals("unlimited")) return -1;
        try {
            int days = Integer.parseInt(v);
            if (days > 0) return days;
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw ChannelErrors.badValueForMessageRetentionDays(raw);
    }

    static String topicsPolicy(String raw) {
        String v = raw.strip();
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) v = v.substring(1, v.length() - 1);
        if (!TOPICS_POLICIES.contains(v)) throw ChannelErrors.invalidTopicsPolicy();
        return v;
    }

    /** A JSON group-setting value parameter (a group id or an object), or null when absent. */
    static JsonNode groupValue(Request req, String setting) {
        String raw = req.raw(setting);
        if (raw == null) return null;
        JsonNode n = Json.parseOrNull(raw);
        if (n == null || !(n.isIntegralNumber() || n.isObject())) throw CommonErrors.invalid(setting);
        return n;
    }
}
