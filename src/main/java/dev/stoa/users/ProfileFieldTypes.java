package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.CommonErrors;
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
            if (data.isEmpty()) throw UserErrors.choiceRequired();
            Set<String> texts = new HashSet<>();
            for (var e : data.properties()) {
                if (e.getKey().isBlank()) throw UserErrors.valueBlank();
                JsonNode choice = e.getValue();
                String var = "field_data[\"" + e.getKey() + "\"]";
                if (!choice.isObject()) throw CommonErrors.notADict(var);
                for (String k : new String[] {"text", "order"}) {
                    if (!choice.has(k)) throw UserErrors.keyMissingFrom(k, var);
                    if (!choice.get(k).isTextual()) throw CommonErrors.keyIsNotString(var, k);
                    if (choice.get(k).asText().isBlank()) throw UserErrors.keyBlank(var, k);
                }
                for (var k : choice.properties()) {
                    if (!k.getKey().equals("text") && !k.getKey().equals("order")) {
                        throw UserErrors.unexpectedArguments(k.getKey());
                    }
                }
                texts.add(choice.get("text").asText());
            }
            if (texts.size() != data.size()) throw UserErrors.duplicateChoices();
        } else if (type == EXTERNAL_ACCOUNT) {
            if (!data.has("subtype")) throw UserErrors.subtypeMissing();
            if (!data.get("subtype").isTextual()) throw UserErrors.subtypeIsNotString();
            String subtype = data.get("subtype").asText();
            if (subtype.isBlank()) throw UserErrors.subtypeBlank();
            JsonNode pattern = data.get("url_pattern");
            if (pattern != null) {
                if (!pattern.isTextual()) throw UserErrors.urlPatternIsNotString();
                checkUrlPattern(pattern.asText());
            }
            if (!DEFAULT_EXTERNAL_ACCOUNTS.containsKey(subtype)) {
                if (!subtype.equals("custom")) throw UserErrors.invalidExternalAccountType();
                if (pattern == null) throw UserErrors.urlPatternRequired();
            }
        }
    }

    private static void checkUrlPattern(String p) {
        int first = p.indexOf("%(username)s");
        if (first < 0 || p.indexOf("%(username)s", first + 1) >= 0) {
            throw UserErrors.usernameOnceInPattern();
        }
        if (!isUrl(p.replace("%(username)s", "username"))) throw UserErrors.urlPatternIsNotUrl();
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
            if (!value.isArray()) throw CommonErrors.notAList(name);
            for (JsonNode id : value) {
                if (!id.isIntegralNumber()) throw CommonErrors.elementIsNotInteger(name, 0);
                if (!isPerson.test(id.asLong())) throw CommonErrors.invalidUserId(id.asLong());
            }
            return;
        }
        if (!value.isTextual()) throw CommonErrors.notAString(name);
        String v = value.asText();
        switch (type) {
            case SHORT_TEXT, EXTERNAL_ACCOUNT, PRONOUNS -> {
                if (v.length() > SHORT_MAX_LENGTH) throw CommonErrors.tooLong(name, SHORT_MAX_LENGTH);
            }
            case LONG_TEXT -> {
                if (v.length() > LONG_MAX_LENGTH) throw CommonErrors.tooLong(name, LONG_MAX_LENGTH);
            }
            case DATE -> {
                try {
                    LocalDate.parse(v);
                } catch (DateTimeParseException e) {
                    throw UserErrors.notADate(name);
                }
            }
            case URL -> {
                if (!isUrl(v)) throw CommonErrors.notAUrl(name);
            }
            case SELECT -> {
                JsonNode choices = fieldData.isEmpty() ? Json.object() : Json.parseOrNull(fieldData);
                if (choices == null || !choices.has(v)) throw UserErrors.notAValidChoice(v, name);
            }
            default -> { }
        }
    }

    /** Whether the type's values carry a rendered_value (Zulip renders the text types with Markdown). */
    static boolean renderable(int type) {
        return type == SHORT_TEXT || type == LONG_TEXT;
    }

    static void checkNameAndHint(String name, String hint) {
        if (name.isBlank()) throw UserErrors.labelBlank();
        if (hint.length() > ProfileFieldTypes.HINT_MAX_LENGTH) {
            throw UserErrors.hintTooLong(ProfileFieldTypes.HINT_MAX_LENGTH);
        }
        if (name.length() > ProfileFieldTypes.NAME_MAX_LENGTH) {
            throw UserErrors.fieldNameTooLong(ProfileFieldTypes.NAME_MAX_LENGTH);
        }
    }

    /** The seed's rules: no profile summary for long text or users; user matching only for short text and external accounts. */
    static void checkFlags(int type, boolean summary, boolean matching) {
        if (summary && (type == ProfileFieldTypes.LONG_TEXT || type == ProfileFieldTypes.USER)) {
            throw UserErrors.typeNotForSummary();
        }
        if (matching && type != ProfileFieldTypes.SHORT_TEXT && type != ProfileFieldTypes.EXTERNAL_ACCOUNT) {
            throw UserErrors.typeNotForUserMatching();
        }
    }
}
