package dev.stoa.linkifiers;

import com.damnhandy.uri.template.MalformedUriTemplateException;
import com.damnhandy.uri.template.UriTemplate;
import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.stoa.http.ApiError;
import dev.stoa.markdown.MarkdownRenderer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Validation of a linkifier's fields, with Zulip's messages where Zulip has the rule. Patterns are
 * Python regexes compiled with re2j (linear time), as the renderer runs them; errors carry
 * Zulip's `errors` field ({"__all__": [msg]} or {"url_template": [msg]}).
 */
public final class LinkifierRules {
    private static final Map<String, String> RE2_MESSAGES = Map.of(
            "missing closing )", "missing )",
            "missing closing ]", "missing ]",
            "missing argument to repetition operator", "no argument for repetition operator",
            "invalid repeat count", "invalid repetition size",
            "invalid nested repetition operator", "bad repetition operator",
            "invalid or unsupported Perl syntax", "invalid perl operator",
            "invalid named capture", "invalid named capture group",
            "trailing backslash at end of expression", "trailing \\");

    private LinkifierRules() {}

    /** Python {@code (?<name>...)} is also accepted, as the renderer does. */
    static String toRe2(String python) {
        return python.replace("(?<", "(?P<").replace("(?P<=", "(?<=").replace("(?P<!", "(?<!");
    }

    /**
     * Above this estimated program size a pattern is refused before compiling: re2j has no
     * memory limit (RE2's max_mem), and nested counted repetitions such as ((a{1000}){1000}){1000}
     * would exhaust the heap. Real linkifiers are a few dozen units.
     */
    static final long MAX_PROGRAM_SIZE = 50_000;

    public static Pattern compile(String pattern) {
        if (estimatedSize(pattern) > MAX_PROGRAM_SIZE) {
            throw error("__all__", "Bad regular expression: pattern too large - compile failed");
        }
        try {
            return Pattern.compile(toRe2(pattern));
        } catch (PatternSyntaxException e) {
            String d = RE2_MESSAGES.getOrDefault(e.getDescription(), e.getDescription());
            String arg = e.getPattern() == null || e.getPattern().isEmpty() ? "" : ": " + e.getPattern();
            throw error("__all__", "Bad regular expression: " + d + arg);
        } catch (RuntimeException e) {
            throw error("__all__", "Unknown regular expression error");
        }
    }

    /**
     * An upper estimate of the compiled size: atoms count 1, a group the sum of its parts, and a
     * repetition multiplies what it applies to by its largest count. Tolerant of malformed input
     * (the compiler reports those); saturates instead of overflowing.
     */
    static long estimatedSize(String p) {
        ArrayDeque<long[]> stack = new ArrayDeque<>();
        long[] f = {0, 0}; // {sum of finished elements, size of the last element}
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            long elem = 1;
            if (c == '\\') {
                i = skipEscape(p, i);
            } else if (c == '[') {
                i = skipClass(p, i);
            } else if (c == '(') {
                stack.push(f);
                f = new long[] {0, 0};
                continue;
            } else if (c == ')' && !stack.isEmpty()) {
                elem = Math.max(1, sat(f[0] + f[1]));
                f = stack.pop();
            } else if (c == '{' && repeatEnd(p, i) > 0) {
                int end = repeatEnd(p, i);
                f[1] = sat(f[1] * (maxCount(p.substring(i + 1, end)) + 1));
                i = end;
                continue;
            } else if (c == '*' || c == '+' || c == '?') {
                f[1] = sat(f[1] * 2);
                continue;
            } else if (c == '|') {
                f[0] = sat(f[0] + f[1]);
                f[1] = 0;
                continue;
            }
            f[0] = sat(f[0] + f[1]);
            f[1] = elem;
        }
        long total = sat(f[0] + f[1]);
        while (!stack.isEmpty()) {
            long[] outer = stack.pop();
            total = sat(outer[0] + outer[1] + total);
        }
        return total;
    }

    private static long sat(long v) {
        return v < 0 || v > 1L << 40 ? 1L << 40 : v;
    }

    private static int skipEscape(String p, int i) {
        if (i + 2 < p.length() && "xpP".indexOf(p.charAt(i + 1)) >= 0 && p.charAt(i + 2) == '{') {
            int close = p.indexOf('}', i + 2);
            return close < 0 ? p.length() : close;
        }
        return i + 1;
    }

    private static int skipClass(String p, int i) {
        int j = i + 1;
        if (j < p.length() && p.charAt(j) == '^') j++;
        if (j < p.length() && p.charAt(j) == ']') j++;
        for (; j < p.length(); j++) {
            if (p.charAt(j) == '\\') j++;
            else if (p.charAt(j) == ']') return j;
        }
        return p.length();
    }

    /** The index of the '}' closing a counted repetition {n}, {n,} or {n,m} at i, or -1. */
    private static int repeatEnd(String p, int i) {
        int close = p.indexOf('}', i);
        if (close < 0 || close - i > 25) return -1;
        return p.substring(i + 1, close).matches("[0-9]+(,[0-9]*)?") ? close : -1;
    }

    private static long maxCount(String counts) {
        long max = 0;
        for (String n : counts.split(",")) {
            if (!n.isEmpty()) max = Math.max(max, n.length() > 9 ? 1_000_000_000L : Long.parseLong(n));
        }
        return max;
    }

    /** The template's variable names; a malformed template is Zulip's "Invalid URL template.". */
    static Set<String> templateVariables(String field, String template) {
        try {
            UriTemplate t = UriTemplate.fromTemplate(template);
            if (template.isBlank()) throw new MalformedUriTemplateException("empty", 0);
            return new TreeSet<>(List.of(t.getVariables()));
        } catch (MalformedUriTemplateException | IllegalArgumentException e) {
            throw error(field, "Invalid URL template.");
        } catch (RuntimeException e) {
            throw error(field, "Invalid URL template.");
        }
    }

    /**
     * Length limits, checked before any work on a field (issue 16: template processing grew with the
     * square of the length, and a 300 KB template cost a minute of CPU). Real URL templates and
     * example inputs are a few hundred characters; browsers and proxies cap URLs near 2 KB.
     */
    static final int MAX_TEXT = 2048;
    static final int MAX_ALTERNATIVES = 20;

    /** Checks every field; returns nothing, throws the first problem as Zulip would report it. */
    public static void validate(String pattern, String urlTemplate, String exampleInput, String reverseTemplate,
                                List<String> alternatives) {
        checkLength("pattern", pattern);
        checkLength("url_template", urlTemplate);
        checkLength("example_input", exampleInput);
        checkLength("reverse_template", reverseTemplate);
        if (alternatives.size() > MAX_ALTERNATIVES) {
            throw error("alternative_url_templates", "Ensure this list has at most " + MAX_ALTERNATIVES + " items (it has " + alternatives.size() + ").");
        }
        for (String alt : alternatives) checkLength("alternative_url_templates", alt);
        Set<String> urlVars = templateVariables("url_template", urlTemplate);
        checkScheme("url_template", urlTemplate, urlVars);
        Pattern p = compile(pattern);
        Set<String> groups = new TreeSet<>(p.namedGroups().keySet());
        for (String v : urlVars) {
            if (!groups.contains(v)) throw error("__all__", "Group '" + v + "' in URL template is not present in linkifier pattern.");
        }
        for (String g : groups) {
            if (!urlVars.contains(g)) throw error("__all__", "Group '" + g + "' in linkifier pattern is not present in URL template.");
        }
        for (String alt : alternatives) {
            Set<String> altVars = templateVariables("alternative_url_templates", alt);
            checkScheme("alternative_url_templates", alt, altVars);
            for (String v : altVars) {
                if (!groups.contains(v)) {
                    throw error("alternative_url_templates", "Group '" + v + "' in URL template is not present in linkifier pattern.");
                }
            }
        }
        Map<String, String> values = exampleInput == null ? null : exampleValues(p, exampleInput);
        if (reverseTemplate != null) checkReverse(groups, values, reverseTemplate, exampleInput);
    }

    /**
     * A URL template checked as a linkifier's url_template is (length, RFC 6570, a safe scheme);
     * returns its variable names. Code playgrounds use it for theirs.
     */
    public static Set<String> checkUrlTemplate(String field, String template) {
        checkLength(field, template);
        Set<String> variables = templateVariables(field, template);
        checkScheme(field, template, variables);
        return variables;
    }

    private static void checkLength(String field, String value) {
        if (value != null && value.length() > MAX_TEXT) {
            throw error(field, "Ensure this value has at most " + MAX_TEXT + " characters (it has " + value.length() + ").");
        }
    }

    /**
     * The URL a template links to (every variable a harmless value) must pass the renderer's scheme
     * allow-list: javascript:, data:, vbscript: and their obfuscated spellings are refused here
     * rather than dropped silently at every render.
     */
    private static void checkScheme(String field, String template, Set<String> variables) {
        Map<String, Object> values = new LinkedHashMap<>();
        variables.forEach(v -> values.put(v, "1"));
        String url;
        try {
            url = UriTemplate.fromTemplate(template).expand(values);
        } catch (RuntimeException e) {
            throw error(field, "Invalid URL template.");
        }
        if (MarkdownRenderer.sanitizeUrl(url) == null) throw error(field, "Invalid URL template.");
    }

    private static Map<String, String> exampleValues(Pattern p, String exampleInput) {
        Matcher m = p.matcher(exampleInput);
        if (!m.matches()) throw error("example_input", "Example input does not match the linkifier pattern.");
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : p.namedGroups().keySet()) values.put(name, m.group(name) == null ? "" : m.group(name));
        return values;
    }

    private static void checkReverse(Set<String> groups, Map<String, String> values, String reverseTemplate, String exampleInput) {
        if (values == null) throw error("example_input", "Example input is required for a reverse linkifier.");
        List<Object> parts = parseReverse(reverseTemplate);
        StringBuilder regenerated = new StringBuilder();
        for (Object part : parts) {
            if (part instanceof Variable(String name)) {
                if (!groups.contains(name)) {
                    throw error("reverse_template", "Group '" + name + "' in reverse template is not present in linkifier pattern.");
                }
                regenerated.append(values.get(name));
            } else {
                regenerated.append((String) part);
            }
        }
        if (!regenerated.toString().equals(exampleInput)) {
            throw error("reverse_template", "Reverse template does not regenerate the example input: got '" + regenerated + "'.");
        }
    }

    private record Variable(String name) {}

    /** Literal strings and {variable} placeholders; {{ and }} are literal braces. */
    private static List<Object> parseReverse(String t) {
        List<Object> out = new ArrayList<>();
        StringBuilder lit = new StringBuilder();
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if ((c == '{' || c == '}') && i + 1 < t.length() && t.charAt(i + 1) == c) {
                lit.append(c);
                i++;
            } else if (c == '{') {
                int close = t.indexOf('}', i);
                String name = close < 0 ? "" : t.substring(i + 1, close);
                if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) throw error("reverse_template", "Invalid reverse template.");
                out.add(lit.toString());
                lit.setLength(0);
                out.add(new Variable(name));
                i = close;
            } else if (c == '}') {
                throw error("reverse_template", "Invalid reverse template.");
            } else {
                lit.append(c);
            }
        }
        out.add(lit.toString());
        return out;
    }

    static ApiError error(String field, String msg) {
        return ApiError.bad(msg).with("errors", Map.of(field, List.of(msg)));
    }
}
