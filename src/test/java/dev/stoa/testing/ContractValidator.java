package dev.stoa.testing;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.ValidationConfiguration;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.testing.ContractSpec.EventSchema;
import dev.stoa.testing.ContractSpec.Route;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks responses and events against the contract: zulip.yaml plus the project's OpenAPI
 * addendum (src/test/resources/openapi). Thread-safe; {@link #get()} loads the 1.2 MB spec once
 * per JVM. Failures throw {@link AssertionError} with a readable report.
 */
public final class ContractValidator {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String IGNORED = "ignored_parameters_unsupported";
    /** Statuses any route may answer in our common error shape though the operation omits them. */
    private static final Set<Integer> COMMON_ON_KNOWN_ROUTE = Set.of(401, 413, 500);
    /** ... and those an unknown route or method may answer. */
    private static final Set<Integer> COMMON_ON_UNKNOWN_ROUTE = Set.of(401, 404, 405, 413, 500);

    private final ContractSpec spec;
    private final OpenApiInteractionValidator validator;
    private final Duration loadTime;

    private ContractValidator(ContractSpec spec, OpenApiInteractionValidator validator, Duration loadTime) {
        this.spec = spec;
        this.validator = validator;
        this.loadTime = loadTime;
    }

    private static final class Holder {
        static final ContractValidator INSTANCE = load(defaultZulipYaml(), defaultAddendumDir());
    }

    /** The shared instance: zulip.yaml from {@code stoa.shared.dir} plus the test-resources addendum. */
    public static ContractValidator get() {
        return Holder.INSTANCE;
    }

    /** A separate instance, e.g. with another addendum directory (null: no addendum). */
    public static ContractValidator load(Path zulipYaml, Path addendumDir) {
        long start = System.nanoTime();
        ContractSpec spec = ContractSpec.load(zulipYaml, addendumDir);
        String text;
        try {
            text = JSON.writeValueAsString(spec.root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        OpenApiInteractionValidator validator = OpenApiInteractionValidator.createForInlineApiSpecification(text)
                .withLevelResolver(LevelResolver.create()
                        // Not a message filter: this key switches off the library's injection of
                        // additionalProperties:false into every object schema that does not say
                        // it. Zulip marks strict objects explicitly, and those violations are
                        // still reported (key validation.response.body.schema.additionalProperties).
                        .withLevel("validation.schema.additionalProperties", ValidationReport.Level.IGNORE)
                        .build())
                // One compiled schema per operation response and per event branch: the default
                // cache (100) would recompile them over and over in a full test run.
                .withSchemaValidationConfiguration(new ValidationConfiguration().setMaxCacheSize(1000))
                .build();
        return new ContractValidator(spec, validator, Duration.ofNanos(System.nanoTime() - start));
    }

    /** The rewritten contract, for tests in this package. */
    ContractSpec spec() {
        return spec;
    }

    /** How long building this instance took (reading, rewriting and parsing the spec). */
    public Duration loadTime() {
        return loadTime;
    }

    /**
     * Validates one response. {@code path} is the real request path (with /api/v1 or /json,
     * optionally a query string); {@code contentType} may be null.
     */
    public void validateResponse(String method, String path, int status, String contentType, String body) {
        // Outside /api/v1 (the web client's /json and pages) any unsafe request may fail Zulip's CSRF check.
        if (status == 403 && !path.startsWith("/api/v1/")
                && run(ContractSpec.CSRF_PATH, Request.Method.GET, status, contentType, body).isEmpty()) {
            return;
        }
        List<Route> routes = spec.match(apiPath(path), method);
        List<String> firstProblems = null;
        List<Route> candidates = routes.isEmpty() ? Collections.singletonList(null) : routes;
        for (Route route : candidates) {
            List<String> problems = problems(route, method, status, contentType, body);
            if (problems.isEmpty()) {
                return; // one of equally specific templates (e.g. /users/{user_id}, /users/{email}) fits
            }
            if (firstProblems == null) {
                firstProblems = problems;
            }
        }
        String where = routes.isEmpty() ? " (no described route)"
                : " (route " + routes.stream().map(Route::template).collect(Collectors.joining(" | ")) + ")";
        throw new AssertionError(report(method + " " + path + where + " -> " + status, body, firstProblems));
    }

    /** Problems of one response against one route (null: no route matches the path). */
    private List<String> problems(Route route, String method, int status, String contentType, String body) {
        Optional<ObjectNode> operation = route == null ? Optional.empty() : route.operation(method);
        List<String> problems = new ArrayList<>();
        if (operation.isEmpty()) {
            checkUnknownRoute(status, contentType, body, problems);
        } else if (documents(operation.get(), status) || status < 400) {
            checkDocumented(route, operation.get(), method, status, contentType, body, problems);
            // Zulip's common errors (MissingArgumentError's var_name, ...) apply to every endpoint,
            // although an operation's own error list rarely repeats them.
            if (!problems.isEmpty() && status >= 400 && fitsSharedError(status, contentType, body)) problems.clear();
        } else {
            checkUndocumentedError(status, contentType, body, problems);
        }
        if (status >= 400 && problems.isEmpty()) {
            problems.addAll(run(ContractSpec.ERROR_SHAPE_PATH, Request.Method.GET, status, contentType, body));
        }
        return problems;
    }

    /** Validates one event object from the {@code events} array of GET /events. */
    public void validateEvent(JsonNode event) {
        List<String> problems = eventProblems(event);
        if (!problems.isEmpty()) {
            throw new AssertionError(report("event type=" + event.path("type").asText("?")
                    + (event.has("op") ? " op=" + event.path("op").asText() : ""), event.toString(), problems));
        }
    }

    /** Whether the contract describes {@code method} on a route template ({x} matches {y}). */
    public boolean describes(String method, String pathTemplate) {
        return spec.describes(method, apiPath(pathTemplate));
    }

    private void checkDocumented(Route route, ObjectNode operation, String method, int status,
            String contentType, String body, List<String> problems) {
        String checked = body;
        if (status >= 200 && status < 300) {
            checked = stripIgnoredParameters(operation, status, body, problems);
            checked = checkEventsSeparately(route, method, checked, problems);
        }
        // The template itself as request path: the library then picks exactly our route.
        problems.addAll(run(route.template(), Request.Method.valueOf(method.toUpperCase()), status, contentType, checked));
    }

    private boolean fitsSharedError(int status, String contentType, String body) {
        JsonNode restErrors = spec.root.path("paths").path(ContractSpec.REST_ERRORS_PATH).path("post");
        return restErrors instanceof ObjectNode shared && documents(shared, status)
                && run(ContractSpec.REST_ERRORS_PATH, Request.Method.POST, status, contentType, body).isEmpty();
    }

    /** Operation omits the status: Zulip's shared errors (/rest-error-handling), then our own. */
    private void checkUndocumentedError(int status, String contentType, String body, List<String> problems) {
        JsonNode restErrors = spec.root.path("paths").path(ContractSpec.REST_ERRORS_PATH).path("post");
        if (restErrors instanceof ObjectNode shared && documents(shared, status)) {
            List<String> asRest = run(ContractSpec.REST_ERRORS_PATH, Request.Method.POST, status, contentType, body);
            if (asRest.isEmpty()) {
                return;
            }
            asRest.forEach(p -> problems.add("as " + ContractSpec.REST_ERRORS_PATH + " " + status + ": " + p));
        }
        if (COMMON_ON_KNOWN_ROUTE.contains(status)) {
            List<String> asCommon = commonError(status, contentType, body);
            if (asCommon.isEmpty()) {
                problems.clear();
                return;
            }
            asCommon.forEach(p -> problems.add("as our common " + status + " error: " + p));
        }
        if (problems.isEmpty()) {
            problems.add("status " + status + " is not documented for this operation, nor in "
                    + ContractSpec.REST_ERRORS_PATH + ", nor one of our common error statuses " + COMMON_ON_KNOWN_ROUTE);
        }
    }

    private void checkUnknownRoute(int status, String contentType, String body, List<String> problems) {
        if (!COMMON_ON_UNKNOWN_ROUTE.contains(status)) {
            problems.add("no route/method in the contract matches, so only error statuses "
                    + COMMON_ON_UNKNOWN_ROUTE + " are acceptable");
            return;
        }
        problems.addAll(commonError(status, contentType, body));
    }

    private List<String> commonError(int status, String contentType, String body) {
        String path = status == 401 ? ContractSpec.UNAUTHORIZED_PATH : ContractSpec.ERROR_SHAPE_PATH;
        return run(path, Request.Method.GET, status, contentType, body);
    }

    /**
     * Any success may carry {@code ignored_parameters_unsupported} (Zulip 7.0+), but zulip.yaml
     * declares it on some operations only. Where the schema does not declare it, check its type
     * here and remove it before the schema check; where it does, the schema checks it.
     */
    private String stripIgnoredParameters(ObjectNode operation, int status, String body, List<String> problems) {
        JsonNode json = parseOrNull(body);
        if (!(json instanceof ObjectNode object) || !object.has(IGNORED)
                || declares(responseSchema(operation, status), IGNORED)) {
            return body;
        }
        JsonNode value = object.remove(IGNORED);
        boolean strings = value.isArray();
        for (JsonNode item : value) {
            strings &= item.isTextual();
        }
        if (!strings) {
            problems.add(IGNORED + " must be an array of strings, got " + value);
        }
        return object.toString();
    }

    /** GET /events: each event against its own branch (readable), the envelope with events: []. */
    private String checkEventsSeparately(Route route, String method, String body, List<String> problems) {
        JsonNode json = parseOrNull(body);
        if (!route.template().equals("/events") || !method.equalsIgnoreCase("GET")
                || !(json instanceof ObjectNode object) || !object.path("events").isArray()) {
            return body;
        }
        for (JsonNode event : object.get("events")) {
            eventProblems(event).forEach(p -> problems.add("event " + event.path("id") + ": " + p));
        }
        object.putArray("events");
        return object.toString();
    }

    private List<String> eventProblems(JsonNode event) {
        String type = event.path("type").asText(null);
        String op = event.hasNonNull("op") ? event.get("op").asText() : null;
        List<EventSchema> candidates = spec.events.stream().filter(e -> e.matches(type, op)).toList();
        if (candidates.isEmpty()) {
            return List.of("no event schema for type=" + type + (op == null ? "" : " op=" + op));
        }
        List<String> best = null;
        for (EventSchema candidate : candidates) {
            List<String> problems = run(ContractSpec.EVENT_PATH + candidate.index(), Request.Method.GET, 200,
                    "application/json", event.toString());
            if (problems.isEmpty()) {
                return problems;
            }
            if (best == null || problems.size() < best.size()) {
                best = new ArrayList<>(problems);
                best.addFirst("closest schema: " + candidate.component()
                        + (candidates.size() > 1 ? " (1 of " + candidates.size() + " for this type/op)" : ""));
            }
        }
        return best;
    }

    /** Runs the library; returns its error messages, formatted. */
    private List<String> run(String path, Request.Method method, int status, String contentType, String body) {
        SimpleResponse.Builder response = SimpleResponse.Builder.status(status);
        if (contentType != null) {
            response.withContentType(contentType);
        }
        if (body != null && !body.isEmpty()) {
            response.withBody(body);
        }
        ValidationReport report = validator.validateResponse(path, method, response.build());
        List<String> out = new ArrayList<>();
        for (ValidationReport.Message m : report.getMessages()) {
            if (m.getLevel() == ValidationReport.Level.ERROR) {
                StringBuilder line = new StringBuilder("[" + m.getKey() + "] " + m.getMessage());
                m.getAdditionalInfo().forEach(info -> line.append("\n      ").append(info.replace("\n", "\n      ")));
                out.add(line.toString());
            }
        }
        return out;
    }

    private static boolean documents(ObjectNode operation, int status) {
        JsonNode responses = operation.path("responses");
        return responses.has(Integer.toString(status)) || responses.has(status / 100 + "XX") || responses.has("default");
    }

    private JsonNode responseSchema(ObjectNode operation, int status) {
        JsonNode responses = operation.path("responses");
        JsonNode response = responses.has(Integer.toString(status)) ? responses.get(Integer.toString(status)) : responses.path("default");
        return response.path("content").path("application/json").path("schema");
    }

    /** Whether a schema (after $ref, or in any oneOf/anyOf branch) declares a top-level property. */
    private boolean declares(JsonNode schema, String property) {
        String ref = schema.path("$ref").asText("");
        if (ref.startsWith("#/")) {
            schema = spec.root.at(ref.substring(1));
        }
        if (schema.path("properties").has(property)) {
            return true;
        }
        for (String key : List.of("oneOf", "anyOf")) {
            for (JsonNode branch : schema.path(key)) {
                if (declares(branch, property)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Strips the query, then /api/v1 or /json: zulip.yaml's paths are relative to those. */
    static String apiPath(String path) {
        String p = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        for (String prefix : List.of("/api/v1", "/json")) {
            if (p.equals(prefix) || p.startsWith(prefix + "/")) {
                return p.substring(prefix.length());
            }
        }
        return p;
    }

    private static JsonNode parseOrNull(String body) {
        try {
            return body == null ? null : JSON.readTree(body);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static String report(String what, String body, List<String> problems) {
        StringBuilder out = new StringBuilder("Contract violation: " + what + "\n  body: ");
        String excerpt = body == null ? "<none>" : body.length() > 600 ? body.substring(0, 600) + "..." : body;
        out.append(excerpt).append('\n');
        problems.forEach(p -> out.append("  - ").append(p).append('\n'));
        return out.toString();
    }

    static Path defaultZulipYaml() {
        String shared = System.getProperty("stoa.shared.dir", "../shared");
        return Path.of(shared, "zulip-api", "zulip.yaml");
    }

    /** The addendum as copied to the test classpath, else straight from the source tree. */
    static Path defaultAddendumDir() {
        URL url = ContractValidator.class.getResource("/openapi");
        try {
            if (url != null && url.getProtocol().equals("file")) {
                return Path.of(url.toURI());
            }
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path source = Path.of("src", "test", "resources", "openapi");
        return Files.isDirectory(source) ? source : null;
    }
}
