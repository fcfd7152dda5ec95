package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;

/**
 * Python's {@code json.dumps(value, indent=2)}, which Zulip's JSON integration posts: ", " and ": "
 * separators, non-ASCII escaped as \\uXXXX (ensure_ascii), keys in the payload's order, "{}" and "[]" when empty.
 */
final class PythonJson {
    private PythonJson() {}

    static String dumps(JsonNode n) {
        StringBuilder sb = new StringBuilder();
        write(sb, n, 0);
        return sb.toString();
    }

    private static void write(StringBuilder sb, JsonNode n, int depth) {
        if (n.isObject()) {
            if (n.isEmpty()) { sb.append("{}"); return; }
            sb.append('{');
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            while (it.hasNext()) {
                var e = it.next();
                newline(sb, depth + 1);
                string(sb, e.getKey());
                sb.append(": ");
                write(sb, e.getValue(), depth + 1);
                if (it.hasNext()) sb.append(',');
            }
            newline(sb, depth);
            sb.append('}');
        } else if (n.isArray()) {
            if (n.isEmpty()) { sb.append("[]"); return; }
            sb.append('[');
            for (int i = 0; i < n.size(); i++) {
                newline(sb, depth + 1);
                write(sb, n.get(i), depth + 1);
                if (i < n.size() - 1) sb.append(',');
            }
            newline(sb, depth);
            sb.append(']');
        } else if (n.isTextual()) {
            string(sb, n.textValue());
        } else if (n.isNull()) {
            sb.append("null");
        } else if (n.isBoolean()) {
            sb.append(n.booleanValue() ? "true" : "false");
        } else if (n.isIntegralNumber()) {
            sb.append(n.bigIntegerValue());
        } else {
            sb.append(pythonFloat(n.doubleValue()));
        }
    }

    /** Python's float repr: the shortest round-trip digits, as Java's, but "1e+20" rather than "1.0E20". */
    static String pythonFloat(double d) {
        if (Double.isNaN(d)) return "NaN";
        if (Double.isInfinite(d)) return d > 0 ? "Infinity" : "-Infinity";
        String s = Double.toString(d);
        int e = s.indexOf('E');
        if (e < 0) return s;
        String mantissa = s.substring(0, e).replaceAll("\\.0$", "");
        int exp = Integer.parseInt(s.substring(e + 1));
        if (exp > -5 && exp < 16) return new BigDecimal(d).stripTrailingZeros().toPlainString();
        return mantissa + "e" + (exp < 0 ? "-" : "+") + String.format("%02d", Math.abs(exp));
    }

    private static void newline(StringBuilder sb, int depth) {
        sb.append('\n');
        sb.append("  ".repeat(depth));
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        sb.append('"');
    }
}
