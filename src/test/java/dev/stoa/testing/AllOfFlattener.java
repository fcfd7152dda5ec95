package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites every {@code allOf} in an OpenAPI tree into one merged schema.
 *
 * <p>Why: Zulip writes {@code allOf: [JsonSuccessBase, {additionalProperties: false, properties:
 * {...}}]}. A strict JSON-schema validator checks each branch on its own, so the branch with
 * {@code additionalProperties: false} rejects properties that only a sibling branch defines.
 * Zulip's own checker reads the branches together. Merging the branches (union of properties and
 * required, {@code additionalProperties: false} if any branch had it) gives a schema that is
 * exactly as strict as Zulip means it, and the validator can then check it literally.
 */
final class AllOfFlattener {
    private static final String REF_PREFIX = "#/components/schemas/";
    /** Keys whose values are data, not schemas: never rewrite inside them. */
    private static final Set<String> DATA_KEYS = Set.of("example", "examples", "enum");

    private final ObjectNode schemas;
    private final Set<String> flattened = new HashSet<>();
    private final Set<String> inProgress = new HashSet<>();

    AllOfFlattener(ObjectNode root) {
        this.schemas = (ObjectNode) root.path("components").path("schemas");
    }

    /** Flattens the component schemas first (branches refer to them), then the rest of the tree. */
    void flattenAll(ObjectNode root) {
        List<String> names = new ArrayList<>();
        schemas.fieldNames().forEachRemaining(names::add);
        names.forEach(this::flattenComponent);
        walk(root);
    }

    /** Flattens one detached node (e.g. an addendum patch) against the tree's components. */
    void flatten(ObjectNode node) {
        walk(node);
    }

    private void flattenComponent(String name) {
        if (flattened.contains(name) || !inProgress.add(name)) {
            return; // done, or a reference cycle: leave the cyclic part as a $ref
        }
        JsonNode schema = schemas.get(name);
        if (schema instanceof ObjectNode o) {
            walk(o);
        }
        inProgress.remove(name);
        flattened.add(name);
    }

    /** Post-order walk: children first, so merged branches are already allOf-free. */
    private void walk(JsonNode node) {
        if (node instanceof ArrayNode array) {
            array.forEach(this::walk);
            return;
        }
        if (!(node instanceof ObjectNode object)) {
            return;
        }
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            if (field.getKey().equals("properties") && field.getValue() instanceof ObjectNode props) {
                props.forEach(this::walk); // property names are free text, e.g. "default"
            } else if (!DATA_KEYS.contains(field.getKey())) {
                walk(field.getValue());
            }
        }
        if (object.get("allOf") instanceof ArrayNode branches) {
            object.remove("allOf");
            ObjectNode merged = object.objectNode();
            merge(merged, object.deepCopy()); // sibling keywords (description, nullable...)
            for (JsonNode branch : branches) {
                merge(merged, resolve(branch));
            }
            object.removeAll();
            object.setAll(merged);
        }
    }

    /** A branch, with a component $ref replaced by a copy of the (flattened) component. */
    private ObjectNode resolve(JsonNode branch) {
        String ref = branch.path("$ref").asText("");
        if (!ref.startsWith(REF_PREFIX)) {
            return (ObjectNode) branch;
        }
        String name = ref.substring(REF_PREFIX.length());
        flattenComponent(name);
        if (inProgress.contains(name) || !(schemas.get(name) instanceof ObjectNode target)) {
            return (ObjectNode) branch; // cyclic: keep the reference
        }
        return target.deepCopy();
    }

    /** Merges schema {@code from} into {@code into}: the allOf conjunction as one schema. */
    static void merge(ObjectNode into, ObjectNode from) {
        for (Map.Entry<String, JsonNode> field : from.properties()) {
            String key = field.getKey();
            JsonNode value = field.getValue();
            switch (key) {
                case "properties" -> mergeProperties(into.withObjectProperty("properties"), (ObjectNode) value);
                case "required" -> into.set("required", union(into.get("required"), value));
                case "additionalProperties" -> {
                    JsonNode old = into.get(key);
                    if (old == null || value.isBoolean() && !value.asBoolean()) {
                        into.set(key, value);
                    }
                }
                // Documentation keys: the first (most general) text is as good as any.
                case "description", "example", "title" -> into.putIfAbsent(key, value);
                default -> into.set(key, value); // later branches are the more specific ones
            }
        }
    }

    /** Zulip lists {@code name: {}} in the strict branch to allow a property another branch types. */
    private static void mergeProperties(ObjectNode into, ObjectNode from) {
        for (Map.Entry<String, JsonNode> property : from.properties()) {
            JsonNode old = into.get(property.getKey());
            JsonNode value = property.getValue();
            if (old instanceof ObjectNode oldObject && value instanceof ObjectNode newObject) {
                ObjectNode merged = oldObject.deepCopy();
                merge(merged, newObject);
                into.set(property.getKey(), merged);
            } else {
                into.set(property.getKey(), value);
            }
        }
    }

    private static ArrayNode union(JsonNode a, JsonNode b) {
        Set<String> names = new LinkedHashSet<>();
        if (a != null) {
            a.forEach(n -> names.add(n.asText()));
        }
        b.forEach(n -> names.add(n.asText()));
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        names.forEach(out::add);
        return out;
    }
}
