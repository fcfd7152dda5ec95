package dev.stoa.http;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.stoa.identity.User;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * One API call's parameters, from the query string and the body (form or multipart), with
 * strict typed getters that raise Zulip's messages. Every getter marks its parameter as used;
 * what no handler read is reported back in {@code ignored_parameters_unsupported}.
 */
public final class Request {
    private final String method;
    private final String path;
    private final Map<String, String> params;
    private final Map<String, UploadedFile> files;
    private final Map<String, String> pathParams;
    private final String remoteAddress;
    private final Set<String> used = new HashSet<>();
    private String userAgent;
    private User user;
    private Sessions.Session session;
    private UnaryOperator<String> headers = name -> null;
    private UnaryOperator<String> cookies = name -> null;
    private byte[] body = new byte[0];

    public record UploadedFile(String field, String fileName, String contentType, byte[] bytes) {}

    public Request(String method, String path, Map<String, String> params, Map<String, UploadedFile> files,
                   Map<String, String> pathParams, String remoteAddress) {
        this.method = method;
        this.path = path;
        this.params = params;
        this.files = files;
        this.pathParams = pathParams;
        this.remoteAddress = remoteAddress;
    }

    public String method() { return method; }
    public String path() { return path; }
    public String remoteAddress() { return remoteAddress; }
    public Map<String, UploadedFile> files() { return files; }

    /** The authenticated caller, or null for unauthenticated calls. */
    public User user() { return user; }
    public void setUser(User user) { this.user = user; }

    private int extraCost;

    /**
     * Counts this request as 1 + extra requests against the caller's rate limit (issue 30): a view
     * whose work the client chooses (a full-text search) spends more of the budget than a cheap one.
     */
    public void charge(int extra) { extraCost += Math.max(0, extra); }

    public int extraCost() { return extraCost; }

    public void setUserAgent(String userAgent) { this.userAgent = userAgent; }

    /** The web session that authenticated this call (the browser client), or null. */
    public Sessions.Session session() { return session; }
    public void setSession(Sessions.Session session) {
        this.session = session;
        this.user = session.user();
    }

    /** Request headers and cookies, for the few views that need them (sign-in's CSRF check). */
    public void setHeaders(UnaryOperator<String> headers, UnaryOperator<String> cookies) {
        this.headers = headers;
        this.cookies = cookies;
    }

    public String header(String name) { return headers.apply(name); }

    /** The raw body, for the few protocols that send JSON documents rather than parameters (SCIM, incoming webhooks). */
    public byte[] body() { return body; }
    public void setBody(byte[] body) { this.body = body; }
    public String contentType() { return header("Content-Type"); }
    public String cookie(String name) { return cookies.apply(name); }

    private static final Pattern AGENT_NAME = Pattern.compile("^([^/ ]*[^0-9/(]*)");

    /**
     * The client's name as Zulip records it on messages: the `client` parameter, else the
     * User-Agent's product name ("ZulipPython/0.9 (Linux)" is "ZulipPython"), else "Unspecified".
     */
    public String clientName() {
        String given = raw("client");
        if (given != null && !given.isBlank()) return given.strip();
        if (session != null) return "website"; // as Zulip names its web app's requests
        if (userAgent == null || userAgent.isBlank()) return "Unspecified";
        var m = AGENT_NAME.matcher(userAgent.strip());
        String name = m.find() ? m.group(1).strip() : "";
        return name.isEmpty() ? "Unspecified" : name;
    }

    public boolean has(String name) {
        return params.containsKey(name) || ("topic".equals(name) && params.containsKey("subject"));
    }

    /** The raw value or null; `subject` is Zulip's older name for `topic`. */
    public String raw(String name) {
        used.add(name);
        String v = params.get(name);
        if (v == null && "topic".equals(name)) {
            used.add("subject");
            v = params.get("subject");
        }
        return v;
    }

    public String pathParam(String name) {
        return pathParams.get(name);
    }

    public long pathLong(String name) {
        String v = pathParams.get(name);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw CommonErrors.invalid(name);
        }
    }

    public String str(String name) {
        String v = raw(name);
        if (v == null) throw ApiError.missing(name);
        return v;
    }

    public Optional<String> optStr(String name) {
        return Optional.ofNullable(raw(name));
    }

    public String str(String name, String dflt) {
        String v = raw(name);
        return v == null ? dflt : v;
    }

    public boolean bool(String name, boolean dflt) {
        String v = raw(name);
        return v == null ? dflt : parseBool(name, v);
    }

    public Optional<Boolean> optBool(String name) {
        String v = raw(name);
        return v == null ? Optional.empty() : Optional.of(parseBool(name, v));
    }

    /**
     * Zulip's typed_endpoint reads booleans and integers as JSON (Json[bool], Json[int]) and
     * validates strictly: text that is not JSON at all is "<name> is not valid JSON"; JSON of
     * another type ("1", "\"true\"", "1.5") is "<name> is not a boolean" / "is not an integer".
     */
    public static boolean parseBool(String name, String v) {
        JsonNode n = parseJson(name, v);
        if (!n.isBoolean()) throw CommonErrors.notABoolean(name);
        return n.booleanValue();
    }

    public long lng(String name) {
        String v = raw(name);
        if (v == null) throw ApiError.missing(name);
        return parseLong(name, v);
    }

    public Optional<Long> optLong(String name) {
        String v = raw(name);
        return v == null ? Optional.empty() : Optional.of(parseLong(name, v));
    }

    public long lng(String name, long dflt) {
        return optLong(name).orElse(dflt);
    }

    public int integer(String name, int dflt) {
        String v = raw(name);
        if (v == null) return dflt;
        long l = parseLong(name, v);
        if (l > Integer.MAX_VALUE || l < Integer.MIN_VALUE) throw CommonErrors.notAnInteger(name);
        return (int) l;
    }

    public static long parseLong(String name, String v) {
        JsonNode n = parseJson(name, v);
        if (!n.isIntegralNumber() || !n.canConvertToLong()) throw CommonErrors.notAnInteger(name);
        return n.longValue();
    }

    /** Jackson rejects what Python's JSON parser rejects here: trailing text, leading zeros, NaN, single quotes. */
    private static final ObjectReader STRICT = Json.MAPPER.reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** One parameter's JSON value; an empty or malformed value is "<name> is not valid JSON", as Zulip's json_invalid. */
    static JsonNode parseJson(String name, String v) {
        JsonNode n;
        try {
            n = STRICT.readTree(v);
        } catch (IOException e) {
            n = null;
        }
        if (n == null || n.isMissingNode()) throw CommonErrors.notValidJson(name);
        return n;
    }

    /** A JSON-encoded value inside a field; null when absent. */
    public JsonNode json(String name) {
        String v = raw(name);
        return v == null ? null : parseJson(name, v);
    }

    /**
     * Lists of ids reach SQL IN lists, which neither database binds past tens of thousands of values
     * (issue 16: 100,000 group members was a 500 on PostgreSQL); no client sends lists this long.
     */
    public static final int MAX_LIST = 10_000;

    public JsonNode jsonArray(String name) {
        JsonNode n = json(name);
        if (n != null && !n.isArray()) throw CommonErrors.notAList(name);
        if (n != null && n.size() > MAX_LIST) throw CommonErrors.listTooLong(name, MAX_LIST);
        return n;
    }

    public JsonNode jsonObject(String name) {
        JsonNode n = json(name);
        if (n != null && !n.isObject()) throw CommonErrors.notADict(name);
        return n;
    }

    /** A JSON list of integers; null when absent. */
    public List<Long> longList(String name) {
        JsonNode n = jsonArray(name);
        if (n == null) return null;
        List<Long> out = new ArrayList<>();
        for (JsonNode e : n) {
            if (!e.isIntegralNumber()) throw CommonErrors.elementIsNotInteger(name, out.size());
            out.add(e.longValue());
        }
        return out;
    }

    /** A JSON list of strings; null when absent. */
    public List<String> stringList(String name) {
        JsonNode n = jsonArray(name);
        if (n == null) return null;
        List<String> out = new ArrayList<>();
        for (JsonNode e : n) {
            if (!e.isTextual()) throw CommonErrors.elementIsNotString(name, out.size());
            out.add(e.textValue());
        }
        return out;
    }

    /** Every parameter as a query string, in the order sent: what a redirect passes on (Zulip's /avatar/). */
    public String queryString() {
        StringBuilder b = new StringBuilder();
        params.forEach((k, v) -> {
            used.add(k);
            if (!b.isEmpty()) b.append('&');
            b.append(URLEncoder.encode(k, StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(v, StandardCharsets.UTF_8));
        });
        return b.toString();
    }

    /** Parameters the handlers never looked at, in the order the client sent them. */
    public List<String> ignored() {
        List<String> out = new ArrayList<>();
        for (String k : params.keySet()) if (!used.contains(k)) out.add(k);
        return out;
    }

    public static Map<String, String> newParams() {
        return new LinkedHashMap<>();
    }

    /** Zulip refuses NUL characters in names and texts: "Invalid characters in <param>". */
    public static String noNul(String param, String value) {
        if (value != null && value.indexOf('\u0000') >= 0) throw CommonErrors.invalidCharactersIn(param);
        return value;
    }
}
