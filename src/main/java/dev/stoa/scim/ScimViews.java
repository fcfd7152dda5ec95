package dev.stoa.scim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.ScimConfig;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.RateLimiter;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Zulip's SCIM 2.0 endpoint for people and groups (/scim/v2/Users and /Groups, RFC 7644), as its
 * django-scim2 views answer an identity provider such as Okta: JSON documents in and out
 * (application/scim+json), the configured bearer token required, errors in SCIM's shape. A wrong token counts against the
 * sign-in throttle of the caller's address, as a wrong password does.
 */
public final class ScimViews {
    private static final Logger LOG = LoggerFactory.getLogger(ScimViews.class);

    private final ScimActions actions;
    private final ScimGroupActions groups;
    private final ScimJson json;
    private final byte[] token;
    private final RateLimiter failures;

    public ScimViews(ScimActions actions, ScimGroupActions groups, ScimConfig config, String externalUrl, RateLimiter failures) {
        this.actions = actions;
        this.groups = groups;
        this.json = new ScimJson(externalUrl, config.nameFormattedIncluded());
        this.token = config.bearerToken().getBytes(StandardCharsets.UTF_8);
        this.failures = failures;
    }

    public Object list(Request req) {
        return guarded(req, r -> search(r, filter(r)));
    }

    /** POST /Users/.search (RFC 7644 §3.4.3): the filter in a SearchRequest document. */
    public Object search(Request req) {
        return guarded(req, r -> {
            JsonNode body = body(r, "POST");
            if (!body.path("schemas").equals(Json.array().add("urn:ietf:params:scim:api:messages:2.0:SearchRequest"))) {
                throw ScimError.bad("Invalid schema uri. Must be SearchRequest.");
            }
            String filter = body.path("filter").isTextual() ? body.get("filter").asText() : filter(r);
            if (filter == null || filter.isEmpty()) throw ScimError.bad("No filter query specified");
            RawResponse answer = search(r, filter);
            return new RawResponse(200, answer.contentType(), answer.body(), Map.of("Location", json.usersUrl() + ".search"));
        });
    }

    public Object get(Request req) {
        return guarded(req, r -> user(200, actions.get(r.pathParam("id"))));
    }

    public Object create(Request req) {
        return guarded(req, r -> user(201, actions.doCreate(body(r, "POST"))));
    }

    public Object replace(Request req) {
        return guarded(req, r -> user(200, actions.doReplace(r.pathParam("id"), body(r, "PUT"))));
    }

    public Object patch(Request req) {
        return guarded(req, r -> user(200, actions.doPatch(r.pathParam("id"), operations(r))));
    }

    public Object delete(Request req) {
        return guarded(req, r -> noContent(() -> actions.doDelete(r.pathParam("id"))));
    }

    // Groups (/scim/v2/Groups): Okta's group push asks by displayName, creates, renames and sets or changes members

    private static final Pattern DISPLAY_NAME_EQ = Pattern.compile("(?i)^\\s*displayName\\s+eq\\s+\"((?:[^\"\\\\]|\\\\.)*)\"\\s*$");

    public Object listGroups(Request req) {
        return guarded(req, r -> {
            String name = displayName(filter(r));
            Window w = window(r);
            return scim(200, json.groupList(groups.list(name), w.start(), w.count()), Map.of());
        });
    }

    /** The name a group filter asks for (null: every group); only displayName eq "…" is understood. */
    private static String displayName(String filter) {
        if (filter == null || filter.isBlank()) return null;
        var m = DISPLAY_NAME_EQ.matcher(filter);
        if (!m.matches()) throw ScimError.bad("Filters on groups other than displayName eq \"…\" are not supported: " + filter);
        return m.group(1).replaceAll("\\\\(.)", "$1");
    }

    public Object getGroup(Request req) {
        return guarded(req, r -> group(200, groups.get(r.pathParam("id"))));
    }

    public Object createGroup(Request req) {
        return guarded(req, r -> group(201, groups.doCreate(body(r, "POST"))));
    }

    public Object replaceGroup(Request req) {
        return guarded(req, r -> group(200, groups.doReplace(r.pathParam("id"), body(r, "PUT"))));
    }

    public Object patchGroup(Request req) {
        return guarded(req, r -> group(200, groups.doPatch(r.pathParam("id"), operations(r))));
    }

    public Object deleteGroup(Request req) {
        return guarded(req, r -> noContent(() -> groups.doDelete(r.pathParam("id"))));
    }

    private RawResponse search(Request r, String filter) {
        Window w = window(r);
        var matches = filter == null ? (Predicate<User>) u -> true : ScimFilter.parse(filter);
        ScimActions.Page p = actions.list(matches, w.start(), w.count());
        return scim(200, json.list(p.total(), w.start(), w.count(), p.users()), Map.of());
    }

    private static String filter(Request r) {
        return r.optStr("filter").orElse(null);
    }

    /** A list's page: startIndex (1-based) and count, as both lists take them. */
    private record Window(int start, int count) {}

    private static Window window(Request r) {
        int start = page(r, "startIndex", 1), count = page(r, "count", 50);
        if (start < 1) throw ScimError.bad("Invalid startIndex (must be >= 1)");
        return new Window(start, count);
    }

    private static int page(Request r, String name, int dflt) {
        String v = r.optStr(name).orElse(null);
        if (v == null) return dflt;
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw ScimError.bad("Invalid pagination values: invalid literal for int() with base 10: '" + v + "'");
        }
    }

    private RawResponse user(int status, User u) {
        return scim(status, json.user(u), Map.of("Location", json.location(u)));
    }

    private RawResponse group(int status, ScimGroupActions.ScimGroup g) {
        return scim(status, json.group(g), Map.of("Location", json.location(g)));
    }

    /** A DELETE's answer once the deletion ran: 204 without a body. */
    private static RawResponse noContent(Runnable delete) {
        delete.run();
        return new RawResponse(204, null, new byte[0], Map.of());
    }

    /** The request's JSON document (django-scim2's load_body): an empty one is refused for writes. */
    private static JsonNode body(Request r, String method) {
        String text = new String(r.body(), StandardCharsets.UTF_8).strip();
        JsonNode d;
        try {
            d = Json.MAPPER.readTree(text.isEmpty() ? "{}" : text);
        } catch (JsonProcessingException e) {
            throw ScimError.bad("Could not decode JSON body: " + e.getOriginalMessage());
        }
        if (d == null || (d.isObject() && d.isEmpty())) throw ScimError.bad(method + " call made with empty body");
        if (!d.isObject()) throw ScimError.bad("Could not decode JSON body: expected a JSON object");
        return d;
    }

    /** A PATCH body's Operations, which must be a non-empty array. */
    private static JsonNode operations(Request r) {
        JsonNode ops = body(r, "PATCH").get("Operations");
        if (ops == null || !ops.isArray() || ops.isEmpty()) throw ScimError.bad("PATCH call made without operations array");
        return ops;
    }

    /** The token check, then the handler; every refusal in SCIM's shape, unexpected failures without details. */
    private Object guarded(Request req, Function<Request, RawResponse> handler) {
        String key = "scim:" + req.remoteAddress();
        if (!failures.peek(key).allowed()) return scim(429, new ScimError(429, "Too many failed authentication attempts; try again later.", null).json(), Map.of());
        if (!authorized(req.header("Authorization"))) {
            failures.hit(key);
            LOG.warn("SCIM: refused a request from {} without the configured bearer token", req.remoteAddress());
            // django-scim2's answer to an unauthenticated request (Zulip's ZulipSCIMAuthCheckMiddleware)
            return new RawResponse(401, "text/plain; charset=utf-8", new byte[0], Map.of("WWW-Authenticate", "Basic realm=\"django-scim2\""));
        }
        try {
            return handler.apply(req);
        } catch (ScimError e) {
            return scim(e.status(), e.json(), Map.of());
        } catch (ApiError e) {
            // a rule of the user actions (the last owner, a name's length): the provider's request is at fault
            return scim(e.status() >= 500 ? 500 : 400, ScimError.bad(e.getMessage()).json(), Map.of());
        } catch (RuntimeException e) {
            LOG.error("SCIM: {} {} failed", req.method(), req.path(), e);
            return scim(500, new ScimError(500, "Exception occurred while processing the SCIM request", null).json(), Map.of());
        }
    }

    private boolean authorized(String header) {
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) return false;
        return MessageDigest.isEqual(header.substring(7).strip().getBytes(StandardCharsets.UTF_8), token);
    }

    private static RawResponse scim(int status, ObjectNode body, Map<String, String> headers) {
        return new RawResponse(status, ScimJson.CONTENT_TYPE, Json.bytes(body), headers);
    }
}
