package dev.stoa.scim;

import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * SCIM's filter expressions (RFC 7644 §3.4.2.2) over the attributes Zulip maps for users (its
 * ZulipUserFilterQuery): userName, name.formatted, active. Comparisons eq ne co sw ew gt ge lt le
 * and pr, joined by and / or (and binds tighter), not (…) and parentheses. Strings compare without
 * regard to case: userName and name.formatted are caseExact=false in RFC 7643's User schema.
 */
final class ScimFilter {
    private final List<String> tokens;
    private int at;

    private ScimFilter(List<String> tokens) {
        this.tokens = tokens;
    }

    /** The filter as a test on users; a ScimError (400) for anything it cannot read. */
    static Predicate<User> parse(String text) {
        ScimFilter f = new ScimFilter(tokenize(text));
        Predicate<User> p = f.or();
        if (f.at != f.tokens.size()) throw invalid("unexpected '" + f.tokens.get(f.at) + "'");
        return p;
    }

    static ScimError invalid(String why) {
        return ScimError.bad("Invalid filter/search query: " + why);
    }

    private Predicate<User> or() {
        Predicate<User> p = and();
        while (word("or")) p = p.or(and());
        return p;
    }

    private Predicate<User> and() {
        Predicate<User> p = unary();
        while (word("and")) p = p.and(unary());
        return p;
    }

    private Predicate<User> unary() {
        if (word("not")) return group().negate();
        if (peek("(")) return group();
        return comparison();
    }

    private Predicate<User> group() {
        expect("(");
        Predicate<User> p = or();
        expect(")");
        return p;
    }

    private Predicate<User> comparison() {
        String attr = next();
        String op = next().toLowerCase(Locale.ROOT);
        if (op.equals("pr")) {
            Function<User, Object> get = attribute(attr);
            return u -> get.apply(u) != null;
        }
        String raw = next();
        Object value = literal(raw);
        Function<User, Object> get = attribute(attr);
        return u -> compare(get.apply(u), op, value);
    }

    private static Function<User, Object> attribute(String attr) {
        return switch (attr.toLowerCase(Locale.ROOT)) {
            case "username" -> User::deliveryEmail;
            case "name.formatted", "displayname" -> User::fullName;
            case "active" -> User::isActive;
            default -> throw invalid("unsupported attribute " + attr);
        };
    }

    private static Object literal(String raw) {
        if (raw.startsWith("\"")) return raw.substring(1, raw.length() - 1);
        return switch (raw) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw invalid("expected a quoted string, true or false, got " + raw);
        };
    }

    private static boolean compare(Object actual, String op, Object value) {
        if (actual instanceof Boolean b) {
            if (!(value instanceof Boolean v)) throw invalid("active compares with true or false");
            return switch (op) {
                case "eq" -> b.equals(v);
                case "ne" -> !b.equals(v);
                default -> throw invalid("operator " + op + " does not apply to active");
            };
        }
        if (!(value instanceof String v)) throw invalid("a string attribute compares with a quoted string");
        String a = ((String) actual).toLowerCase(Locale.ROOT), w = v.toLowerCase(Locale.ROOT);
        return switch (op) {
            case "eq" -> a.equals(w);
            case "ne" -> !a.equals(w);
            case "co" -> a.contains(w);
            case "sw" -> a.startsWith(w);
            case "ew" -> a.endsWith(w);
            case "gt" -> a.compareTo(w) > 0;
            case "ge" -> a.compareTo(w) >= 0;
            case "lt" -> a.compareTo(w) < 0;
            case "le" -> a.compareTo(w) <= 0;
            default -> throw invalid("unknown operator " + op);
        };
    }

    private boolean word(String w) {
        if (at < tokens.size() && tokens.get(at).equalsIgnoreCase(w)) {
            at++;
            return true;
        }
        return false;
    }

    private boolean peek(String t) {
        return at < tokens.size() && tokens.get(at).equals(t);
    }

    private void expect(String t) {
        if (!peek(t)) throw invalid("expected '" + t + "'");
        at++;
    }

    private String next() {
        if (at >= tokens.size()) throw invalid("the filter ends too early");
        return tokens.get(at++);
    }

    /** Words, parentheses and double-quoted strings (JSON escapes \" and \\ inside). */
    static List<String> tokenize(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(' || c == ')') {
                out.add(String.valueOf(c));
                i++;
            } else if (c == '"') {
                StringBuilder b = new StringBuilder("\"");
                i++;
                while (i < s.length() && s.charAt(i) != '"') {
                    if (s.charAt(i) == '\\' && i + 1 < s.length()) i++;
                    b.append(s.charAt(i++));
                }
                if (i >= s.length()) throw invalid("unterminated string");
                out.add(b.append('"').toString());
                i++;
            } else {
                int start = i;
                while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && "()\"".indexOf(s.charAt(i)) < 0) i++;
                out.add(s.substring(start, i));
            }
        }
        if (out.isEmpty()) throw invalid("empty filter");
        return out;
    }
}
