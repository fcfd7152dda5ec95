package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** Merges every *.yaml file of {@code dir} (sorted by name, so the result is stable). */
    static void mergeAll(ObjectNode spec, Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> yamls = files.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
            for (Path file : yamls) {
                JsonNode addendum = YAML.readTree(file.toFile());
                if (addendum instanceof ObjectNode a) {
                    merge(spec, a);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading OpenAPI addendum in " + dir, e);
        }
    }

    /**
     * New paths are added; a path+method present in both is replaced by the addendum's (so are
     * path-level keys such as {@code parameters}); components entries are added or replaced.
     */
    static void merge(ObjectNode spec, ObjectNode addendum) {
        ObjectNode paths = spec.withObjectProperty("paths");
        for (Map.Entry<String, JsonNode> path : addendum.path("paths").properties()) {
            ObjectNode item = paths.withObjectProperty(path.getKey());
            path.getValue().properties().forEach(method -> item.set(method.getKey(), method.getValue()));
        }
        ObjectNode components = spec.withObjectProperty("components");
        for (Map.Entry<String, JsonNode> section : addendum.path("components").properties()) {
            ObjectNode target = components.withObjectProperty(section.getKey());
            section.getValue().properties().forEach(entry -> target.set(entry.getKey(), entry.getValue()));
        }
    }
}
