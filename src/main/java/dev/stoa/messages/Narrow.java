package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * THE parsed narrow, for GET /messages, matches_narrow, flags/narrow and event queues: one typed
 * term per operator (aliases folded), operands checked here once. NarrowSql translates it to SQL
 * for fetches; NarrowMatch evaluates it in memory for queue delivery.
 */
public record Narrow(List<Term> terms) {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A term: its canonical operator, its operand as the API writes it, and its negation. */
    public sealed interface Term {
        boolean negated();

        String operator();

        JsonNode operand();
    }

    /** A channel or a user as the client named it: an id, or a name/email (or digits) to resolve. */
    public record Ref(Long id, String text) {
        static Ref of(JsonNode o, String what) {
            if (o.isIntegralNumber()) return new Ref(o.longValue(), null);
            if (o.isTextual()) return new Ref(null, o.textValue());
            throw badNarrow("unknown " + what + " " + o.asText());
        }

        JsonNode json() { return id != null ? NODES.numberNode(id) : NODES.textNode(text); }

        String shown() { return id != null ? id.toString() : text; }
    }

    public record InChannel(Ref channel, boolean negated) implements Term {
        public String operator() { return "channel"; }
        public JsonNode operand() { return channel.json(); }
    }

    /** channels:public or channels:web-public. */
    public record InChannels(String kind, boolean negated) implements Term {
        public String operator() { return "channels"; }
        public JsonNode operand() { return NODES.textNode(kind); }
    }

    public record Topic(String name, boolean negated) implements Term {
        public String operator() { return "topic"; }
        public JsonNode operand() { return NODES.textNode(name); }
    }

    public record Sender(Ref user, boolean negated) implements Term {
        public String operator() { return "sender"; }
        public JsonNode operand() { return user.json(); }
    }

    /** The direct-message conversation of exactly these users and the viewer. */
    public record Dm(List<Ref> users, boolean negated) implements Term {
        public String operator() { return "dm"; }
        public JsonNode operand() {
            ArrayNode a = NODES.arrayNode();
            users.forEach(u -> a.add(u.json()));
            return a;
        }
    }

    public record DmIncluding(Ref user, boolean negated) implements Term {
        public String operator() { return "dm-including"; }
        public JsonNode operand() { return user.json(); }
    }

    /** is: (and in:), its operand lower-cased: one of IS_OPERANDS. */
    public record Is(String what, boolean negated) implements Term {
        public String operator() { return "is"; }
        public JsonNode operand() { return NODES.textNode(what); }
    }

    /** has:, its operand lower-cased: link, attachment, image or reaction. */
    public record Has(String what, boolean negated) implements Term {
        public String operator() { return "has"; }
        public JsonNode operand() { return NODES.textNode(what); }
    }

    public record Search(String text, boolean negated) implements Term {
        public String operator() { return "search"; }
        public JsonNode operand() { return NODES.textNode(text); }
    }

    public record Id(long messageId, boolean negated) implements Term {
        public String operator() { return "id"; }
        public JsonNode operand() { return NODES.numberNode(messageId); }
    }

    /** near: only an anchor for fetches; it selects nothing. */
    public record Near(String anchor, boolean negated) implements Term {
        public String operator() { return "near"; }
        public JsonNode operand() { return NODES.textNode(anchor); }
    }

    /** with: the conversation of a message, resolved against the viewer's access before a fetch. */
    public record With(long messageId, boolean negated) implements Term {
        public String operator() { return "with"; }
        public JsonNode operand() { return NODES.numberNode(messageId); }
    }

    static final Set<String> OPERATORS = Set.of("channel", "stream", "channels", "streams", "topic", "subject",
            "sender", "dm", "pm-with", "dm-including", "group-pm-with", "is", "has", "search", "near", "id", "with", "in");
    static final Set<String> IS_OPERANDS = Set.of("dm", "private", "starred", "mentioned", "alerted", "unread", "resolved",
            "muted", "followed", "home", "all");
    static final Set<String> HAS_OPERANDS = Set.of("link", "attachment", "image", "reaction");

    /**
     * The documented bounds of a narrow (README): clients send a handful of terms; a thousand made
     * statements the databases refuse (a 500 before issue 30), and each search word is a full-text
     * lookup, so a search's distinct words are bounded too (a word repeated counts once).
     */
    public static final int MAX_TERMS = 100;
    public static final int MAX_SEARCH_WORDS = 25;

    /** Both API forms: [[operator, operand], ...] and [{operator, operand, negated}, ...] (a "-" prefix negates too). */
    public static Narrow parse(JsonNode n) {
        List<Term> out = new ArrayList<>();
        if (n == null) return new Narrow(out);
        if (!n.isArray()) throw MessageErrors.narrowIsNotList();
        if (n.size() > MAX_TERMS) throw badNarrow("a narrow has at most " + MAX_TERMS + " terms");
        for (JsonNode t : n) {
            JsonNode op, operand;
            boolean negated = false;
            if (t.isArray()) {
                if (t.size() != 2) throw MessageErrors.invalidNarrow(out.size());
                op = t.get(0);
                operand = t.get(1);
            } else if (t.isObject()) {
                op = t.get("operator");
                operand = t.get("operand");
                if (t.has("negated")) {
                    if (!t.get("negated").isBoolean()) throw MessageErrors.invalidNarrow(out.size());
                    negated = t.get("negated").booleanValue();
                }
            } else {
                throw MessageErrors.invalidNarrow(out.size());
            }
            if (op == null || !op.isTextual() || operand == null || !(operand.isTextual() || operand.isIntegralNumber() || operand.isArray())) {
                throw MessageErrors.invalidNarrow(out.size());
            }
            if (operand.toString().contains("\\u0000")) throw MessageErrors.invalidNarrow(out.size());
            String o = op.textValue();
            if (o.startsWith("-")) {
                negated = !negated;
                o = o.substring(1);
            }
            o = o.toLowerCase(Locale.ROOT);
            if (!OPERATORS.contains(o)) throw badNarrow("unknown operator " + o);
            out.add(term(o, operand, negated));
        }
        checkSearchWords(out);
        return new Narrow(List.copyOf(out));
    }

    private static void checkSearchWords(List<Term> terms) {
        Set<String> words = new HashSet<>();
        for (Term t : terms) if (t instanceof Search s) words.addAll(SearchIndex.terms(s.text()));
        if (words.size() > MAX_SEARCH_WORDS) throw badNarrow("a search has at most " + MAX_SEARCH_WORDS + " distinct words");
    }

    private static Term term(String operator, JsonNode o, boolean negated) {
        String text = o.isTextual() ? o.textValue() : o.toString();
        return switch (operator) {
            case "channel", "stream" -> new InChannel(Ref.of(o, "channel"), negated);
            case "channels", "streams" -> {
                if (!text.equals("public") && !text.equals("web-public")) throw badNarrow("unknown channels operand " + text);
                yield new InChannels(text, negated);
            }
            case "topic", "subject" -> new Topic(text, negated);
            case "sender" -> new Sender(user(o), negated);
            case "dm", "pm-with" -> new Dm(users(o), negated);
            case "dm-including", "group-pm-with" -> new DmIncluding(user(o), negated);
            case "is", "in" -> {
                String what = text.toLowerCase(Locale.ROOT);
                if (!IS_OPERANDS.contains(what)) throw badNarrow("unknown 'is' operand " + what);
                yield new Is(what, negated);
            }
            case "has" -> {
                String what = text.toLowerCase(Locale.ROOT);
                if (!HAS_OPERANDS.contains(what)) throw badNarrow("unknown 'has' operand " + text);
                yield new Has(what, negated);
            }
            case "search" -> new Search(text, negated);
            case "id" -> new Id(messageId(o), negated);
            case "near" -> new Near(text, negated);
            case "with" -> new With(messageId(o), negated);
            default -> throw badNarrow("unknown operator " + operator);
        };
    }

    /** A user operand: an id, or an email or digits (stripped). */
    private static Ref user(JsonNode o) {
        Ref r = Ref.of(o, "user");
        return r.id() != null ? r : new Ref(null, r.text().strip());
    }

    /** dm's operand: a list of ids or emails, one id, or emails separated by commas. */
    private static List<Ref> users(JsonNode o) {
        List<Ref> out = new ArrayList<>();
        if (o.isArray()) {
            for (JsonNode e : o) out.add(user(e));
        } else if (o.isIntegralNumber()) {
            out.add(user(o));
        } else {
            for (String part : o.asText().split(",")) if (!part.isBlank()) out.add(new Ref(null, part.strip()));
        }
        if (out.isEmpty()) throw badNarrow("invalid dm operand");
        return List.copyOf(out);
    }

    static long messageId(JsonNode o) {
        try {
            return o.isIntegralNumber() ? o.longValue() : Long.parseLong(o.asText().strip());
        } catch (NumberFormatException e) {
            throw badNarrow("invalid message ID " + o.asText());
        }
    }

    static ApiError badNarrow(String detail) {
        return MessageErrors.invalidNarrowOperator(detail);
    }

    /** The first term of a kind that is not negated, or null. */
    public <T extends Term> T first(Class<T> kind) {
        for (Term t : terms) if (kind.isInstance(t) && !t.negated()) return kind.cast(t);
        return null;
    }

    /** The modern API form, [{operator, operand, negated}, ...]; parse reads it back to an equal narrow. */
    public JsonNode toJson() {
        ArrayNode a = Json.array();
        for (Term t : terms) {
            ObjectNode o = a.addObject();
            o.put("operator", t.operator());
            o.set("operand", t.operand());
            o.put("negated", t.negated());
        }
        return a;
    }
}
