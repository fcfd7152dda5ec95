package dev.stoa.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/** The route table: method + path template (relative to /api/v1) → handler and auth mode. */
public final class Router {
    /**
     * NONE: unauthenticated; USER: Basic auth required; OPTIONAL: spectators allowed where the realm permits;
     * WEBHOOK: Zulip's webhook_view, the {@code api_key} parameter alone (else HTTP Basic), any account's key.
     */
    public enum Auth { NONE, USER, OPTIONAL, WEBHOOK }

    @FunctionalInterface
    public interface Handler {
        Object handle(Request request) throws Exception;
    }

    public record Route(String method, String template, String[] segments, Auth auth, Handler handler) {
        int literals() {
            int n = 0;
            for (String s : segments) if (!s.startsWith("{")) n++;
            return n;
        }
    }

    public record Match(Route route, Map<String, String> pathParams) {}

    private final List<Route> routes = new ArrayList<>();

    public void add(String method, String template, Auth auth, Handler handler) {
        for (Route r : routes) {
            if (r.method.equals(method) && r.template.equals(template))
                throw new IllegalStateException("route defined twice: " + method + " " + template);
        }
        routes.add(new Route(method, template, split(template), auth, handler));
        // More literal segments first, so /users/me wins over /users/{user_id}.
        routes.sort(Comparator.comparingInt((Route r) -> -r.literals()));
    }

    /**
     * Lets a second feature take part in a route another feature owns (PATCH /settings: account
     * fields in users, the other settings in settings): the wrapper receives the current handler.
     * Returns false when the route does not exist (the caller then adds it).
     */
    public boolean wrap(String method, String template, UnaryOperator<Handler> wrapper) {
        for (int i = 0; i < routes.size(); i++) {
            Route r = routes.get(i);
            if (r.method.equals(method) && r.template.equals(template)) {
                routes.set(i, new Route(r.method, r.template, r.segments, r.auth, wrapper.apply(r.handler)));
                return true;
            }
        }
        return false;
    }

    public void get(String t, Auth a, Handler h) { add("GET", t, a, h); }
    public void post(String t, Auth a, Handler h) { add("POST", t, a, h); }
    public void patch(String t, Auth a, Handler h) { add("PATCH", t, a, h); }
    public void put(String t, Auth a, Handler h) { add("PUT", t, a, h); }
    public void delete(String t, Auth a, Handler h) { add("DELETE", t, a, h); }

    public List<Route> routes() { return List.copyOf(routes); }

    /** The route for a request, or an ApiError 404/405. */
    public Match match(String method, String path) {
        String[] parts = split(path);
        Set<String> allowed = new LinkedHashSet<>();
        for (Route r : routes) {
            Map<String, String> params = bind(r.segments, parts);
            if (params == null) continue;
            if (r.method.equals(method)) return new Match(r, params);
            allowed.add(r.method);
        }
        if (!allowed.isEmpty())
            throw CommonErrors.methodNotAllowed().with("allowed_methods", String.join(", ", allowed));
        throw CommonErrors.notFound();
    }

    /**
     * Binds path parameters (percent-decoded). A last template segment `{name...}` takes the rest
     * of the path, slashes included (navigation view fragments such as narrow/is/starred).
     */
    private static Map<String, String> bind(String[] template, String[] parts) {
        boolean rest = template.length > 0 && template[template.length - 1].endsWith("...}");
        if (rest ? parts.length < template.length : template.length != parts.length) return null;
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < template.length; i++) {
            String t = template[i];
            if (t.startsWith("{")) {
                String value = rest && i == template.length - 1 ? String.join("/", Arrays.copyOfRange(parts, i, parts.length)) : parts[i];
                if (value.isEmpty()) return null;
                params.put(t.substring(1, t.length() - (t.endsWith("...}") ? 4 : 1)), decode(value));
            } else if (!t.equals(parts[i])) {
                return null;
            }
        }
        return params;
    }

    private static String decode(String segment) {
        if (segment.indexOf('%') < 0) return segment;
        try {
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw CommonErrors.malformedParameters();
        }
    }

    private static String[] split(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        if (p.endsWith("/")) p = p.substring(0, p.length() - 1);
        return p.isEmpty() ? new String[0] : p.split("/", -1);
    }
}
