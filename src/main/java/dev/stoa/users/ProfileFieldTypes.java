package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.net.URI;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;

/** The custom profile field types, how their field_data and a user's value of each are checked (Zulip's messages). */
public final class ProfileFieldTypes {
    public static final int SHORT_TEXT = 1, LONG_TEXT = 2, SELECT = 3, DATE = 4, URL = 5, USER = 6, EXTERNAL_ACCOUNT = 7, PRONOUNS = 8;
    static final int NAME_MAX_LENGTH = 40, HINT_MAX_LENGTH = 80, SHORT_MAX_LENGTH = 50, LONG_MAX_LENGTH = 500;

    /** Zulip's built-in external account subtypes: their label and URL pattern come from here. */
    static final Map<String, String[]> DEFAULT_EXTERNAL_ACCOUNTS = Map.of(
            "twitter", new String[] {"Twitter username", "https://twitter.com/%(username)s"},
            "github", new String[] {"GitHub username", "https://github.com/%(username)s"});

    private ProfileFieldTypes() {}

    static boolean isValidType(long type) {
        return type >= SHORT_TEXT && type <= PRONOUNS;
    }

    /** Checks field_data for a type; `data` is the parsed object ({} when absent). */
    static void validateFieldData(int type, JsonNode data) {
        if (type == SELECT) {
            if (data.isEmpty()) throw ApiError.bad("Field must have at least one choice.");
            Set<String> texts = new HashSet<>();
            for (var e : data.properties()) {
                if (e.getKey().isBlank()) throw ApiError.bad("'value' cannot be blank.");
                JsonNode choice = e.getValue();
                String var = "field_data[\"" + e.getKey() + "\"]";
                if (!choice.isObject()) throw ApiError.bad(var + " is not a dict");
                for (String k : new String[] {"text", "order"}) {
                    if (!choice.has(k)) throw ApiError.bad(k + " key is missing from " + var);
                    if (!choice.get(k).isTextual()) throw ApiError.bad(var + "[\"" + k + "\"] is not a string");
                    if (choice.get(k).asText().isBlank()) throw ApiError.bad(var + "[\"" + k + "\"] cannot be blank.");
                }
                for (var k : choice.properties()) {
                    if (!k.getKey().equals("text") && !k.getKey().equals("order")) {
                        throw ApiError.bad("Unexpected arguments: " + k.getKey());
                    }
                }
                texts.add(choice.get("text").asText());
            }
            if (texts.size() != data.size()) throw ApiError.bad("Field must not have duplicate choices.");
        } else if (type == EXTERNAL_ACCOUNT) {
            if (!data.has("subtype")) throw ApiError.bad("subtype key is missing from field_data");
            if (!data.get("subtype").isTextual()) throw ApiError.bad("field_data[\"subtype\"] is not a string");
            String subtype = data.get("subtype").asText();
            if (subtype.isBlank()) throw ApiError.bad("field_data[\"subtype\"] cannot be blank.");
            JsonNode pattern = data.get("url_pattern");
            if (pattern != null) {
                if (!pattern.isTextual()) throw ApiError.bad("field_data[\"url_pattern\"] is not a string");
                checkUrlPattern(pattern.asText());
            }
            if (!DEFAULT_EXTERNAL_ACCOUNTS.containsKey(subtype)) {
                if (!subtype.equals("custom")) throw ApiError.bad("Invalid external account type");
                if (pattern == null) throw ApiError.bad("Custom external account must define URL pattern");
            }
        }
    }

    private static void checkUrlPattern(String p) {
        int first = p.indexOf("%(username)s");
        if (first < 0 || p.indexOf("%(username)s", first + 1) >= 0) {
            throw ApiError.bad("username should appear exactly once in pattern.");
        }
        if (!isUrl(p.replace("%(username)s", "username"))) throw ApiError.bad("field_data[\"url_pattern\"] is not a URL");
    }

    static boolean isUrl(String s) {
        try {
            URI u = new URI(s);
            return u.getScheme() != null && u.getScheme().matches("(?i)https?") && u.getHost() != null;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * Checks one user's value of a field (an empty value clears it). Messages name the field as
     * Zulip does ("{field name} is not a date").
     */
    static void validateValue(LongPredicate isPerson, int type, String name, String fieldData, JsonNode value) {
        if (value == null || value.isNull()) return;
        if (value.isTextual() && value.asText().isEmpty()) return;
        if (type == USER) {
            if (!value.isArray()) throw ApiError.bad(name + " is not a list");
            for (JsonNode id : value) {
                if (!id.isIntegralNumber()) throw ApiError.bad(name + "[" + 0 + "] is not an integer");
                if (!isPerson.test(id.asLong())) throw ApiError.bad("Invalid user ID: " + id.asLong());
            }
            return;
        }
        if (!value.isTextual()) throw ApiError.bad(name + " is not a string");
        String v = value.asText();
        switch (type) {
            case SHORT_TEXT, EXTERNAL_ACCOUNT, PRONOUNS -> {
                if (v.length() > SHORT_MAX_LENGTH) throw ApiError.bad(name + " is too long (limit: " + SHORT_MAX_LENGTH + " characters)");
            }
            case LONG_TEXT -> {
                if (v.length() > LONG_MAX_LENGTH) throw ApiError.bad(name + " is too long (limit: " + LONG_MAX_LENGTH + " characters)");
            }
            case DATE -> {
                try {
                    LocalDate.parse(v);
                } catch (DateTimeParseException e) {
                    throw ApiError.bad(name + " is not a date");
                }
            }
            case URL -> {
                if (!isUrl(v)) throw ApiError.bad(name + " is not a URL");
            }
            case SELECT -> {
                JsonNode choices = fieldData.isEmpty() ? Json.object() : Json.parseOrNull(fieldData);
                if (choices == null || !choices.has(v)) throw ApiError.bad("'" + v + "' is not a valid choice for '" + name + "'.");
            }
            default -> { }
        }
    }

    /** Whether the type's values carry a rendered_value (Zulip renders the text types with Markdown). */
    static boolean renderable(int type) {
        return type == SHORT_TEXT || type == LONG_TEXT;
    }

    static void checkNameAndHint(String name, String hint) {
        if (name.isBlank()) throw ApiError.bad("Label cannot be blank.");
        if (hint.length() > ProfileFieldTypes.HINT_MAX_LENGTH) {
            throw ApiError.bad("hint is too long (limit: " + ProfileFieldTypes.HINT_MAX_LENGTH + " characters)");
        }
        if (name.length() > ProfileFieldTypes.NAME_MAX_LENGTH) {
            throw ApiError.bad("name is too long (limit: " + ProfileFieldTypes.NAME_MAX_LENGTH + " characters)");
        }
    }

    /** The seed's rules: no profile summary for long text or users; user matching only for short text and external accounts. */
    static void checkFlags(int type, boolean summary, boolean matching) {
        if (summary && (type == ProfileFieldTypes.LONG_TEXT || type == ProfileFieldTypes.USER)) {
            throw ApiError.bad("Field type not supported for display in profile summary.");
        }
        if (matching && type != ProfileFieldTypes.SHORT_TEXT && type != ProfileFieldTypes.EXTERNAL_ACCOUNT) {
            throw ApiError.bad("Field type not supported for user matching.");
        }
    }
}
