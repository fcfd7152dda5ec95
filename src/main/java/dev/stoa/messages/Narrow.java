package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A parsed narrow: terms of operator, operand (text, or ids for dm) and negation. */
public record Narrow(List<Term> terms) {
    public record Term(String operator, JsonNode operand, boolean negated) {
        public String text() { return operand.isTextual() ? operand.textValue() : operand.toString(); }
    }

    static final java.util.Set<String> OPERATORS = java.util.Set.of("channel", "stream", "channels", "streams", "topic", "subject",
            "sender", "dm", "pm-with", "dm-including", "group-pm-with", "is", "has", "search", "near", "id", "with", "in");

    public static Narrow parse(JsonNode n) {
        List<Term> out = new ArrayList<>();
        if (n == null) return new Narrow(out);
        if (!n.isArray()) throw ApiError.bad("narrow is not a list");
        for (JsonNode t : n) {
            JsonNode op, operand;
            boolean negated = false;
            if (t.isArray()) {
                if (t.size() != 2) throw ApiError.bad("Invalid narrow[" + out.size() + "]");
                op = t.get(0);
                operand = t.get(1);
            } else if (t.isObject()) {
                op = t.get("operator");
                operand = t.get("operand");
                if (t.has("negated")) {
                    if (!t.get("negated").isBoolean()) throw ApiError.bad("Invalid narrow[" + out.size() + "]");
                    negated = t.get("negated").booleanValue();
                }
            } else {
                throw ApiError.bad("Invalid narrow[" + out.size() + "]");
            }
            if (op == null || !op.isTextual() || operand == null || !(operand.isTextual() || operand.isIntegralNumber() || operand.isArray())) {
                throw ApiError.bad("Invalid narrow[" + out.size() + "]");
            }
            if (operand.toString().contains("\\u0000")) throw ApiError.bad("Invalid narrow[" + out.size() + "]");
            String o = op.textValue();
            if (o.startsWith("-")) {
                negated = !negated;
                o = o.substring(1);
            }
            o = o.toLowerCase(Locale.ROOT);
            if (!OPERATORS.contains(o)) throw badNarrow("unknown operator " + o);
            out.add(new Term(canonical(o), operand, negated));
        }
        return new Narrow(out);
    }

    static String canonical(String o) {
        return switch (o) {
            case "stream" -> "channel";
            case "streams" -> "channels";
            case "subject" -> "topic";
            case "pm-with" -> "dm";
            case "group-pm-with" -> "dm-including";
            default -> o;
        };
    }

    static ApiError badNarrow(String detail) {
        return ApiError.of(ErrorCode.BAD_NARROW, "Invalid narrow operator: " + detail);
    }

    public boolean has(String operator) {
        return terms.stream().anyMatch(t -> t.operator().equals(operator) && !t.negated());
    }

    public Term first(String operator) {
        return terms.stream().filter(t -> t.operator().equals(operator) && !t.negated()).findFirst().orElse(null);
    }
}
