package dev.stoa.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiOperations;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Builds one hostile request for an operation: a plausible request from the contract's parameter
 * schemas (ids from the fixture's pools: the caller's own, other users', nonexistent), then one
 * mutation of the kinds the issue lists. Everything is drawn from one seeded Random.
 */
final class RequestGenerator {
    enum Mutation {
        NONE, MISSING, WRONG_TYPE, OUT_OF_RANGE, OVERSIZED, MALFORMED_JSON, INVALID_UTF8, NUL, DEEP_JSON, DUPLICATED,
        WRONG_CONTENT_TYPE, BROKEN_MULTIPART, FOREIGN_IDS, PATH_TRAVERSAL
    }

    /** Names tried on operations the contract gives no request description for. */
    private static final String[] GENERIC = {"name", "content", "topic", "to", "type", "user_ids", "principals", "subscriptions",
            "description", "op", "flag", "messages", "narrow", "anchor", "data", "value", "emoji_name", "title", "stream_id", "role"};
    private static final String[] TRAVERSAL = {"../../../../etc/passwd", "..%2F..%2F..%2Fetc%2Fpasswd", "....//....//etc/passwd",
            "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "..%5C..%5Cwindows%5Cwin.ini", "/etc/passwd", "%00", "a/../../b"};
    private static final String[] WRONG = {"\"x\"", "x", "[]", "{}", "null", "true", "1.5", "[\"a\"]", "{\"a\":1}", "[[1]]", "-"};
    private static final String[] RANGE = {"-1", "0", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
            "1e309", "-1e309", "NaN", "2147483648", "99999999999999999999999999"};
    private static final String[] MALFORMED = {"[1,2", "{\"a\":", "[\"a\",]", "{'a':1}", "[1 2]", "{\"a\" 1}", "\"unterminated", "]["};
    private static final String ONE_MB = "A".repeat(1 << 20);

    private final Random random;
    private final Fixture fx;
    private final List<Long> ids;

    RequestGenerator(Random random, Fixture fx) {
        this.random = random;
        this.fx = fx;
        List<Long> all = new ArrayList<>(fx.userIds);
        all.addAll(List.of(fx.publicChannel, fx.privateChannel, fx.protectedChannel, fx.publicMessage, fx.privateMessage,
                fx.protectedMessage, fx.dmMessage, fx.groupDmMessage, fx.groupId, fx.draftId, fx.snippetId, fx.filterId, fx.fieldId,
                fx.attachmentId, 0L, -1L, 999_999_999L));
        this.ids = all;
    }

    /** Each kind equally often, except the megabyte-sized ones (oversized, deep JSON): one in fifty requests. */
    Mutation mutation() {
        if (random.nextInt(50) == 0) return random.nextBoolean() ? Mutation.OVERSIZED : Mutation.DEEP_JSON;
        Mutation[] all = Mutation.values();
        Mutation m = all[random.nextInt(all.length)];
        return m == Mutation.OVERSIZED || m == Mutation.DEEP_JSON ? Mutation.NONE : m;
    }

    Wire.Req build(String method, String template, ApiOperations.Operation op, String authorization, Mutation m) {
        List<String[]> params = new ArrayList<>();
        List<ApiOperations.Param> declared = op == null ? List.of() : op.params().stream().filter(p -> !p.in().equals("path")).toList();
        if (declared.isEmpty()) {
            for (int i = random.nextInt(3); i > 0; i--) params.add(new String[] {pick(GENERIC), genericValue()});
        }
        for (ApiOperations.Param p : declared) {
            if (p.required() || random.nextInt(3) == 0) params.add(new String[] {p.name(), value(p.name(), p.schema(), 0)});
        }
        String path = fillPath(template, m == Mutation.PATH_TRAVERSAL);
        mutateParams(params, m);
        String prefix = template.startsWith("/user_uploads/") && random.nextBoolean() ? "" : random.nextInt(10) == 0 ? "/json" : "/api/v1";
        return envelope(method, prefix + path, authorization, params, m);
    }

    private Wire.Req envelope(String method, String path, String auth, List<String[]> params, Mutation m) {
        String desc = m.name();
        boolean query = method.equals("GET") || (method.equals("DELETE") && random.nextBoolean());
        if (m == Mutation.INVALID_UTF8) {
            byte[] bad = {(byte) 0xC3, 0x28, (byte) 0xFF, (byte) 0xFE, (byte) 0xED, (byte) 0xA0, (byte) 0x80};
            String name = params.isEmpty() ? "content" : params.get(random.nextInt(params.size()))[0];
            if (query) return new Wire.Req(method, path + "?" + Wire.enc(name) + "=%C3%28%FF%ED%A0%80", auth, null, null, desc);
            byte[] body = concat((Wire.form(params) + (params.isEmpty() ? "" : "&") + Wire.enc(name) + "=").getBytes(StandardCharsets.UTF_8), bad);
            return new Wire.Req(method, path, auth, "application/x-www-form-urlencoded", body, desc);
        }
        if (m == Mutation.WRONG_CONTENT_TYPE) {
            String[] types = {"application/json", "text/plain", "application/xml", "multipart/form-data", "application/x-www-form-urlencoded; charset=ebcdic",
                    "multipart/form-data; boundary=", "image/png", "*/*"};
            String type = pick(types);
            byte[] body = type.startsWith("application/json") ? Json.write(toMap(params)).getBytes(StandardCharsets.UTF_8)
                    : Wire.form(params).getBytes(StandardCharsets.UTF_8);
            return new Wire.Req(method.equals("GET") ? "POST" : method, path, auth, type, body, desc + " " + type);
        }
        if (m == Mutation.BROKEN_MULTIPART) {
            String boundary = "fzz" + random.nextInt(1000);
            byte[] whole = Wire.multipart(params.isEmpty() ? List.<String[]>of(new String[] {"x", "y"}) : params, boundary);
            byte[] body = switch (random.nextInt(4)) {
                case 0 -> Arrays.copyOf(whole, Math.max(1, whole.length / 2));
                case 1 -> new String(whole, StandardCharsets.UTF_8).replace("Content-Disposition: form-data; ", "Content-Disposition: ").getBytes(StandardCharsets.UTF_8);
                case 2 -> ("--" + boundary + "\r\n" + "X".repeat(100_000) + "\r\n\r\n").getBytes(StandardCharsets.UTF_8);
                default -> whole;
            };
            String type = random.nextInt(4) == 3 ? "multipart/form-data; boundary=other" : "multipart/form-data; boundary=" + boundary;
            return new Wire.Req(method.equals("GET") ? "POST" : method, path, auth, type, body, desc);
        }
        if (query) {
            String q = Wire.form(params);
            return new Wire.Req(method, q.isEmpty() ? path : path + "?" + q, auth, null, null, desc);
        }
        if (random.nextInt(4) == 0) {
            String boundary = "fz" + random.nextInt(1_000_000);
            return new Wire.Req(method, path, auth, "multipart/form-data; boundary=" + boundary, Wire.multipart(params, boundary), desc + " multipart");
        }
        return new Wire.Req(method, path, auth, "application/x-www-form-urlencoded", Wire.form(params).getBytes(StandardCharsets.UTF_8), desc);
    }

    private void mutateParams(List<String[]> params, Mutation m) {
        if (params.isEmpty() && m != Mutation.NONE && m != Mutation.MISSING) params.add(new String[] {pick(GENERIC), genericValue()});
        if (params.isEmpty()) return;
        String[] target = params.get(random.nextInt(params.size()));
        switch (m) {
            case MISSING -> params.remove(target);
            case WRONG_TYPE -> target[1] = pick(WRONG);
            case OUT_OF_RANGE -> target[1] = random.nextBoolean() ? pick(RANGE) : "[" + pick(RANGE) + "]";
            case OVERSIZED -> target[1] = random.nextBoolean() ? ONE_MB : "[" + "1,".repeat(300_000) + "1]";
            case MALFORMED_JSON -> target[1] = pick(MALFORMED);
            case NUL -> target[1] = target[1] + "\u0000" + (random.nextBoolean() ? "" : "x");
            case DEEP_JSON -> {
                int depth = random.nextBoolean() ? 2_000 : 50_000;
                target[1] = random.nextBoolean() ? "[".repeat(depth) + "]".repeat(depth) : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
            }
            case DUPLICATED -> params.add(new String[] {target[0], random.nextBoolean() ? pick(WRONG) : target[1]});
            case FOREIGN_IDS -> target[1] = random.nextBoolean() ? String.valueOf(pick(ids)) : "[" + pick(ids) + "," + pick(ids) + "]";
            case PATH_TRAVERSAL -> target[1] = pick(TRAVERSAL);
            default -> { }
        }
    }

    private String fillPath(String template, boolean traversal) {
        StringBuilder out = new StringBuilder();
        for (String seg : template.split("/")) {
            if (seg.isEmpty()) continue;
            out.append('/');
            if (!seg.startsWith("{")) out.append(seg);
            else if (traversal) out.append(pick(TRAVERSAL));
            else if (seg.contains("email")) out.append(random.nextBoolean() ? fx.client(pick(List.copyOf(fx.principals.keySet()))).email : "nobody@example.com");
            else if (seg.contains("filename") || seg.contains("token") || seg.contains("fragment")) out.append(pick(List.of("x.txt", "notes.txt", "a/b/c", "narrow/is/starred", "%2F")));
            else if (seg.contains("realm_id")) out.append(random.nextBoolean() ? "1" : "2");
            else out.append(random.nextInt(6) == 0 ? pick(List.of("abc", "1.5", "-1", "99999999999999999999")) : String.valueOf(pick(ids)));
        }
        if (template.startsWith("/user_uploads/") && !traversal && random.nextBoolean()) return fx.uploadPath;
        return out.toString();
    }

    /** A plausible value for a parameter: from the schema (enum, example, type), ids from the pools. */
    String value(String name, JsonNode schema, int depth) {
        JsonNode v = sample(name, schema, depth);
        return v.isTextual() ? v.textValue() : Json.write(v);
    }

    private JsonNode sample(String name, JsonNode schema, int depth) {
        if (schema.has("oneOf") && schema.get("oneOf").size() > 0) {
            return sample(name, ApiOperations.get().schema(schema.get("oneOf").get(random.nextInt(schema.get("oneOf").size()))), depth + 1);
        }
        if (schema.has("enum") && schema.get("enum").size() > 0) return schema.get("enum").get(random.nextInt(schema.get("enum").size()));
        if (schema.has("example") && random.nextInt(3) > 0 && depth == 0) return schema.get("example");
        String type = schema.path("type").asText("string");
        boolean idLike = name.endsWith("id") || name.endsWith("ids") || name.equals("to") || name.equals("principals") || name.equals("messages");
        return switch (type) {
            case "integer" -> Json.tree(idLike ? pick(ids) : (long) random.nextInt(200) - 20);
            case "boolean" -> Json.tree(random.nextBoolean());
            case "number" -> Json.tree(random.nextDouble() * 100);
            case "array" -> {
                var a = Json.array();
                JsonNode items = depth > 3 ? Json.object() : ApiOperations.get().schema(schema.path("items"));
                for (int i = random.nextInt(3); i >= 0 && depth < 4; i--) a.add(sample(name, items, depth + 1));
                yield a;
            }
            case "object" -> {
                var o = Json.object();
                if (depth < 4) schema.path("properties").properties().forEach(e -> {
                    if (random.nextBoolean()) o.set(e.getKey(), sample(e.getKey(), ApiOperations.get().schema(e.getValue()), depth + 1));
                });
                yield o;
            }
            default -> Json.tree(idLike ? String.valueOf(pick(ids)) : "fz " + Integer.toString(random.nextInt(1 << 20), 36));
        };
    }

    private String genericValue() {
        return random.nextBoolean() ? pick(WRONG) : String.valueOf(pick(ids));
    }

    private static Map<String, String> toMap(List<String[]> params) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String[] p : params) m.put(p[0], p[1]);
        return m;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private <T> T pick(List<T> list) {
        return list.get(random.nextInt(list.size()));
    }

    private String pick(String[] a) {
        return a[random.nextInt(a.length)];
    }
}
