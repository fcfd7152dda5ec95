package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The request side of the contract, for generated requests (the fuzzer, the permission matrix):
 * each operation's parameters (path, query and form body) from zulip.yaml plus the project's
 * addendum, with {@code $ref}s resolved. {@link ContractValidator} keeps only the response side.
 */
public final class ApiOperations {
    /** One parameter; {@code json} when Zulip expects it JSON-encoded (non-string schema or a content type). */
    public record Param(String name, String in, JsonNode schema, boolean required, boolean json) {}

    public record Operation(String method, String template, List<Param> params) {
        public List<Param> in(String where) {
            return params.stream().filter(p -> p.in().equals(where)).toList();
        }
    }

    private final ObjectNode root;

    private ApiOperations(ObjectNode root) {
        this.root = root;
    }

    private static final class Holder {
        static final ApiOperations INSTANCE = load();
    }

    public static ApiOperations get() {
        return Holder.INSTANCE;
    }

    private static ApiOperations load() {
        ObjectNode root;
        try {
            root = (ObjectNode) OpenApiAddendum.YAML.readTree(ContractValidator.defaultZulipYaml().toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (OpenApiAddendum.Patch patch : OpenApiAddendum.mergeAll(root, ContractValidator.defaultAddendumDir())) {
            if (root.at(patch.pointer()) instanceof ObjectNode target) OpenApiAddendum.deepMerge(target, patch.content());
        }
        return new ApiOperations(root);
    }

    /** The operation for a Stoa route template ({x} matches {y}); empty when the contract lacks it. */
    public Optional<Operation> find(String method, String stoaTemplate) {
        String shape = ContractSpec.shape(stoaTemplate.replace("...}", "}"));
        for (Map.Entry<String, JsonNode> path : root.path("paths").properties()) {
            if (!ContractSpec.shape(path.getKey()).equals(shape)) continue;
            JsonNode op = path.getValue().get(method.toLowerCase());
            if (op == null) continue;
            List<Param> params = new ArrayList<>();
            List<JsonNode> declared = new ArrayList<>();
            path.getValue().path("parameters").forEach(declared::add);
            op.path("parameters").forEach(declared::add);
            for (JsonNode raw : declared) params.add(param(resolve(raw, 0)));
            JsonNode form = resolve(op.path("requestBody"), 0).path("content").path("application/x-www-form-urlencoded");
            JsonNode body = resolve(form.path("schema"), 0);
            List<String> required = new ArrayList<>();
            body.path("required").forEach(r -> required.add(r.asText()));
            for (Map.Entry<String, JsonNode> p : body.path("properties").properties()) {
                JsonNode schema = schema(p.getValue());
                boolean json = !"string".equals(schema.path("type").asText()) || form.path("encoding").path(p.getKey()).has("contentType");
                params.add(new Param(p.getKey(), "body", schema, required.contains(p.getKey()), json));
            }
            return Optional.of(new Operation(method, stoaTemplate, params));
        }
        return Optional.empty();
    }

    private Param param(JsonNode p) {
        JsonNode schema = p.has("schema") ? p.get("schema") : null;
        boolean json = false;
        if (schema == null) {
            JsonNode content = p.path("content").path("application/json");
            schema = content.path("schema");
            json = true;
        }
        schema = schema(schema);
        json |= !"string".equals(schema.path("type").asText()) && !p.path("in").asText().equals("path");
        return new Param(p.path("name").asText(), p.path("in").asText(), schema, p.path("required").asBoolean(false), json);
    }

    private JsonNode resolve(JsonNode node, int depth) {
        return resolveIn(root, node, depth);
    }

    /** Follows a chain of $refs (local ones only); allOf branches are merged shallowly. */
    private static JsonNode resolveIn(ObjectNode root, JsonNode node, int depth) {
        if (node == null || depth > 8) return MissingNode.getInstance();
        if (node.has("$ref")) return resolveIn(root, root.at(node.get("$ref").asText().substring(1)), depth + 1);
        if (node.has("allOf")) {
            ObjectNode merged = root.objectNode();
            for (JsonNode part : node.get("allOf")) {
                JsonNode r = resolveIn(root, part, depth + 1);
                if (r instanceof ObjectNode o) {
                    o.properties().forEach(e -> {
                        if (e.getValue() instanceof ObjectNode v && merged.get(e.getKey()) instanceof ObjectNode old) {
                            ObjectNode copy = old.deepCopy();
                            copy.setAll(v);
                            merged.set(e.getKey(), copy);
                        } else {
                            merged.set(e.getKey(), e.getValue());
                        }
                    });
                }
            }
            return merged;
        }
        return node;
    }

    /** A schema with its own $ref (and those of items/properties one level down) resolved. */
    public JsonNode schema(JsonNode schema) {
        JsonNode s = resolve(schema, 0);
        if (s instanceof ObjectNode o) {
            ObjectNode copy = o.deepCopy();
            if (copy.has("items")) copy.set("items", resolve(copy.get("items"), 0));
            if (copy.has("oneOf")) {
                var arr = copy.putArray("oneOf");
                o.get("oneOf").forEach(b -> arr.add(resolve(b, 0)));
            }
            return copy;
        }
        return s;
    }
}
