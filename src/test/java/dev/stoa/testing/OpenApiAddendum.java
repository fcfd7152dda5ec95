package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Merges the project's partial OpenAPI documents ({@code *.yaml} in one directory) into the
 * Zulip spec tree: the routes and fields of the newer API level that zulip.yaml lacks. See
 * src/test/resources/openapi/README.md for the convention.
 */
final class OpenApiAddendum {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private OpenApiAddendum() {}

    /** Marks an addendum operation or component that patches zulip.yaml's instead of replacing it. */
    static final String PATCH_MARKER = "x-stoa-merge";

    /** An addendum entry to deep-merge into the spec at {@code pointer}, after allOf is flattened. */
    record Patch(String pointer, ObjectNode content) {}

    /**
     * Merges every *.yaml file of {@code dir} (sorted by name, so the result is stable) and
     * returns the entries marked {@value #PATCH_MARKER}, which the caller applies later.
     */
    static List<Patch> mergeAll(ObjectNode spec, Path dir) {
        List<Patch> patches = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) {
            return patches;
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> yamls = files.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
            for (Path file : yamls) {
                JsonNode addendum = YAML.readTree(file.toFile());
                if (addendum instanceof ObjectNode a) {
                    merge(spec, a, patches);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading OpenAPI addendum in " + dir, e);
        }
        return patches;
    }

    /**
     * New paths are added; a path+method present in both is replaced by the addendum's (so are
     * path-level keys such as {@code parameters}); components entries are added or replaced.
     * Entries marked {@value #PATCH_MARKER} are collected into {@code patches} instead.
     */
    static void merge(ObjectNode spec, ObjectNode addendum, List<Patch> patches) {
        ObjectNode paths = spec.withObjectProperty("paths");
        for (Map.Entry<String, JsonNode> path : addendum.path("paths").properties()) {
            ObjectNode item = paths.withObjectProperty(path.getKey());
            for (Map.Entry<String, JsonNode> method : path.getValue().properties()) {
                String pointer = "/paths/" + escape(path.getKey()) + "/" + method.getKey();
                put(item, method.getKey(), method.getValue(), pointer, patches);
            }
        }
        ObjectNode components = spec.withObjectProperty("components");
        for (Map.Entry<String, JsonNode> section : addendum.path("components").properties()) {
            ObjectNode target = components.withObjectProperty(section.getKey());
            for (Map.Entry<String, JsonNode> entry : section.getValue().properties()) {
                String pointer = "/components/" + escape(section.getKey()) + "/" + escape(entry.getKey());
                put(target, entry.getKey(), entry.getValue(), pointer, patches);
            }
        }
    }

    private static void put(ObjectNode target, String key, JsonNode value, String pointer, List<Patch> patches) {
        if (value instanceof ObjectNode object && object.path(PATCH_MARKER).asBoolean(false) && target.has(key)) {
            object.remove(PATCH_MARKER);
            patches.add(new Patch(pointer, object));
        } else {
            target.set(key, value);
        }
    }

    /** Objects merge key by key, recursively; anything else (arrays too) replaces. */
    static void deepMerge(ObjectNode into, ObjectNode from) {
        for (Map.Entry<String, JsonNode> field : from.properties()) {
            if (into.get(field.getKey()) instanceof ObjectNode old && field.getValue() instanceof ObjectNode update) {
                deepMerge(old, update);
            } else {
                into.set(field.getKey(), field.getValue());
            }
        }
    }

    private static String escape(String pointerToken) {
        return pointerToken.replace("~", "~0").replace("/", "~1");
    }
}
