package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The contract as one in-memory OpenAPI tree: zulip.yaml plus the project's addendum, with
 * allOf merged (see {@link AllOfFlattener}), plus a few synthetic {@code /x-stoa/...} paths so
 * that event branches and our common error shape can be checked by the same library validator.
 */
final class ContractSpec {
    static final String EVENT_PATH = "/x-stoa/event/";
    static final String ERROR_SHAPE_PATH = "/x-stoa/error-shape";
    static final String UNAUTHORIZED_PATH = "/x-stoa/unauthorized";
    static final String CSRF_PATH = "/x-stoa/csrf";
    static final String REST_ERRORS_PATH = "/rest-error-handling";
    /** zulip.yaml paths that document something other than an endpoint we serve. */
    private static final Set<String> DOC_ONLY = Set.of(REST_ERRORS_PATH, "/zulip-outgoing-webhook");
    static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    /** One oneOf branch of the GET /events items, stored as a component and given a synthetic path. */
    record EventSchema(int index, Set<String> types, Set<String> ops, String component) {
        boolean matches(String type, String op) {
            return types.contains(type) && (ops.isEmpty() ? op == null : ops.contains(op));
        }
    }

    /** A path template, e.g. /users/{user_id}, with a regex matching real paths. */
    record Route(String template, Pattern regex, int literals, ObjectNode item) {
        Optional<ObjectNode> operation(String method) {
            return item.get(method.toLowerCase()) instanceof ObjectNode op ? Optional.of(op) : Optional.empty();
        }
    }

    final ObjectNode root;
    final List<EventSchema> events;
    final List<Route> routes;

    private ContractSpec(ObjectNode root, List<EventSchema> events, List<Route> routes) {
        this.root = root;
        this.events = events;
        this.routes = routes;
    }

    static ContractSpec load(Path zulipYaml, Path addendumDir) {
        ObjectNode root;
        try {
            root = (ObjectNode) OpenApiAddendum.YAML.readTree(zulipYaml.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + zulipYaml, e);
        }
        List<OpenApiAddendum.Patch> patches = OpenApiAddendum.mergeAll(root, addendumDir);
        List<Route> routes = routes(root); // before synthetic paths are added
        new AllOfFlattener(root).flattenAll(root);
        applyPatches(root, patches);
        relaxErrorSchemas(root);
        dropRequestBodies(root);
        List<EventSchema> events = EventSchemas.extract(root);
        addErrorShapePaths(root);
        // Callers strip /api/v1 or /json themselves; one neutral server keeps path matching simple.
        root.putArray("servers").addObject().put("url", "/");
        return new ContractSpec(root, events, routes);
    }

    /**
     * The most specific routes matching a real path (literal segments beat parameters), preferring
     * those that describe {@code method}. Several remain when templates differ only in parameter
     * names, e.g. GET /users/{user_id} and GET /users/{email}.
     */
    List<Route> match(String apiPath, String method) {
        List<Route> matching = routes.stream().filter(r -> r.regex().matcher(apiPath).matches()).toList();
        List<Route> withMethod = matching.stream().filter(r -> r.operation(method).isPresent()).toList();
        List<Route> pool = withMethod.isEmpty() ? matching : withMethod;
        int best = pool.stream().mapToInt(Route::literals).max().orElse(-1);
        return pool.stream().filter(r -> r.literals() == best).toList();
    }

    /** Structural template comparison: {x} matches {y}. */
    boolean describes(String method, String template) {
        String shape = shape(template);
        return routes.stream().anyMatch(r -> shape(r.template()).equals(shape) && r.operation(method).isPresent());
    }

    static String shape(String template) {
        return template.replaceAll("\\{[^}/]*}", "{}");
    }

    private static List<Route> routes(ObjectNode root) {
        List<Route> routes = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : root.path("paths").properties()) {
            String template = path.getKey();
            if (DOC_ONLY.contains(template) || !(path.getValue() instanceof ObjectNode item)) {
                continue;
            }
            String[] literalParts = template.split("\\{[^}/]*}", -1);
            StringBuilder regex = new StringBuilder(Pattern.quote(literalParts[0]));
            for (int i = 1; i < literalParts.length; i++) {
                // A trailing {filename} is an upload's path id, which has slashes ("4e/m2A3.../zulip.txt").
                boolean pathId = i == literalParts.length - 1 && literalParts[i].isEmpty() && template.endsWith("{filename}");
                regex.append(pathId ? ".+" : "[^/]+").append(Pattern.quote(literalParts[i]));
            }
            int literals = (int) List.of(template.split("/")).stream().filter(s -> !s.contains("{")).count();
            routes.add(new Route(template, Pattern.compile(regex.toString()), literals, item));
        }
        return routes;
    }

    /**
     * Error responses list alternatives as oneOf, but Zulip's error schemas differ only in optional
     * fields, so a plain {result, msg, code} error matches several branches and "exactly one"
     * always fails. For 4xx/5xx response schemas (and only there) oneOf is read as anyOf.
     */
    private static void relaxErrorSchemas(ObjectNode root) {
        for (JsonNode item : root.path("paths")) {
            for (JsonNode op : item) {
                for (Map.Entry<String, JsonNode> response : op.path("responses").properties()) {
                    if (!response.getKey().matches("[45]\\d\\d")) {
                        continue;
                    }
                    for (JsonNode media : response.getValue().path("content")) {
                        if (media.path("schema") instanceof ObjectNode schema) {
                            if (schema.has("oneOf")) {
                                schema.set("anyOf", schema.remove("oneOf"));
                            }
                            allowExampleFields(schema);
                            schema.path("anyOf").forEach(ContractSpec::allowExampleFields);
                        }
                    }
                }
            }
        }
    }

    /**
     * Some strict error branches name extra fields only in their own example (e.g.
     * MOVE_MESSAGES_TIME_LIMIT_EXCEEDED's message counts, CANNOT_DEACTIVATE_GROUP_IN_USE's
     * objections): allow exactly those names, untyped, on that inline branch.
     */
    private static void allowExampleFields(JsonNode schema) {
        if (!(schema instanceof ObjectNode strict) || !strict.path("example").isObject()
                || !strict.path("additionalProperties").isBoolean()) {
            return;
        }
        ObjectNode properties = strict.withObjectProperty("properties");
        strict.get("example").fieldNames().forEachRemaining(name -> {
            if (!properties.has(name)) {
                properties.putObject(name);
            }
        });
    }

    /**
     * Patches apply after flattening, so they can add a property to a schema that zulip.yaml
     * wrote as allOf (e.g. {@code responses/200/.../schema/properties/new_field}).
     */
    private static void applyPatches(ObjectNode root, List<OpenApiAddendum.Patch> patches) {
        for (OpenApiAddendum.Patch patch : patches) {
            new AllOfFlattener(root).flatten(patch.content());
            if (root.at(patch.pointer()) instanceof ObjectNode target) {
                OpenApiAddendum.deepMerge(target, patch.content());
            }
        }
    }

    /**
     * Only responses are checked here, and swagger-parser rejects some of zulip.yaml's request
     * bodies (e.g. an {@code encoding} entry on GET /user_groups), failing the whole load.
     */
    private static void dropRequestBodies(ObjectNode root) {
        for (JsonNode item : root.path("paths")) {
            for (JsonNode op : item) {
                if (op instanceof ObjectNode operation) {
                    operation.remove("requestBody");
                }
            }
        }
    }

    /** Synthetic operations: our common error shape (any status) and our 401 answers. */
    private static void addErrorShapePaths(ObjectNode root) {
        ObjectNode shape = root.objectNode().put("type", "object");
        shape.putArray("required").add("result").add("msg").add("code");
        ObjectNode props = shape.putObject("properties");
        props.putObject("result").put("type", "string").putArray("enum").add("error");
        props.putObject("msg").put("type", "string");
        props.putObject("code").put("type", "string");
        putResponse(root, ERROR_SHAPE_PATH, "default", shape);

        ObjectNode unauthorized = shape.deepCopy();
        ((ObjectNode) unauthorized.path("properties").path("code")).putArray("enum").add("UNAUTHORIZED").add("INVALID_API_KEY");
        putResponse(root, UNAUTHORIZED_PATH, "401", unauthorized);

        // Zulip's CsrfFailureError: 403 CSRF_FAILED with the reason as a field (web paths only).
        ObjectNode csrf = shape.deepCopy();
        ((ObjectNode) csrf.path("properties").path("code")).putArray("enum").add("CSRF_FAILED");
        ((ObjectNode) csrf.path("properties")).putObject("reason").put("type", "string");
        ((ArrayNode) csrf.path("required")).add("reason");
        csrf.put("additionalProperties", false);
        putResponse(root, CSRF_PATH, "403", csrf);
    }

    static void putResponse(ObjectNode root, String path, String status, ObjectNode schema) {
        root.withObjectProperty("paths").withObjectProperty(path).withObjectProperty("get")
                .withObjectProperty("responses").withObjectProperty(status).put("description", "synthetic")
                .withObjectProperty("content").withObjectProperty("application/json").set("schema", schema);
    }

    /** Text values of {@code enum} under {@code properties.<name>}, or empty. */
    static Set<String> enumOf(JsonNode schema, String name) {
        Set<String> values = new TreeSet<>();
        if (schema.path("properties").path(name).path("enum") instanceof ArrayNode array) {
            array.forEach(v -> values.add(v.asText()));
        }
        return values;
    }
}
