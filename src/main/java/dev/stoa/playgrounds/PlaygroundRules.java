package dev.stoa.playgrounds;

import dev.stoa.http.ApiError;
import dev.stoa.linkifiers.LinkifierRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Zulip's checks of a playground. The parameter checks (pygments_language's length and
 * characters) come first, one error at a time; the model checks (a valid URL template whose only
 * variable is `code`, no blank name or language, not a duplicate) are collected as Zulip's
 * full_clean collects them: msg is the first, `errors` has them all by field ("__all__" for the
 * template's variables and duplicates).
 */
final class PlaygroundRules {
    static final int MAX_PYGMENTS_LANGUAGE_LENGTH = 40;
    /**
     * Zulip sets no limit on a playground's name, but it is part of a unique index, and PostgreSQL
     * refuses index entries over about 2,700 bytes (a 500 in Zulip): Stoa caps it, as Zulip caps
     * the language.
     */
    static final int MAX_NAME_LENGTH = 100;
    /** Zulip's own pattern; "+-." is a range, so "," is allowed too. */
    private static final Pattern PYGMENTS_LANGUAGE = Pattern.compile("^[ a-zA-Z0-9_+-./#]*$");
    static final String ALL = "__all__";

    private PlaygroundRules() {}

    static String checkPygmentsLanguage(String raw) {
        if (raw.codePointCount(0, raw.length()) > MAX_PYGMENTS_LANGUAGE_LENGTH) {
            throw PlaygroundErrors.pygmentsLanguageTooLong(MAX_PYGMENTS_LANGUAGE_LENGTH);
        }
        if (!PYGMENTS_LANGUAGE.matcher(raw).matches()) throw PlaygroundErrors.invalidCharactersInPygmentsLanguage();
        return raw.strip();
    }

    static String checkName(String raw) {
        if (raw.codePointCount(0, raw.length()) > MAX_NAME_LENGTH) {
            throw PlaygroundErrors.nameTooLong(MAX_NAME_LENGTH);
        }
        return raw.strip();
    }

    /** The model's field and template checks, by field in Zulip's order; empty when all pass. */
    static Map<String, List<String>> fieldErrors(String name, String pygmentsLanguage, String urlTemplate) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Set<String> variables = null;
        try {
            variables = LinkifierRules.checkUrlTemplate("url_template", urlTemplate);
        } catch (ApiError e) {
            add(errors, "url_template", e.getMessage());
        }
        if (name.isEmpty()) add(errors, "name", "This field cannot be blank.");
        if (pygmentsLanguage.isEmpty()) add(errors, "pygments_language", "This field cannot be blank.");
        if (variables != null && !variables.contains("code")) add(errors, ALL, "Missing the required variable \"code\" in the URL template");
        else if (variables != null && variables.size() != 1) add(errors, ALL, "\"code\" should be the only variable present in the URL template");
        return errors;
    }

    static void add(Map<String, List<String>> errors, String field, String msg) {
        errors.computeIfAbsent(field, k -> new ArrayList<>()).add(msg);
    }

    /** Zulip's ValidationFailureError: the first message, with every message by field. */
    static ApiError failure(Map<String, List<String>> errors) {
        return ApiError.bad(errors.values().iterator().next().getFirst()).with("errors", errors);
    }
}
