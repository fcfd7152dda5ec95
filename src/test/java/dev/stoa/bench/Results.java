package dev.stoa.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The figures of one run: a table on stdout, and JSON under the results directory. */
final class Results {
    /** One measured line: scenario, what was measured, its latencies (ms) and throughput, and the target it answers. */
    record Row(String scenario, String metric, long count, long errors, double p50, double p99, double max, double mean,
               double throughput, String target) {}

    private final List<Row> rows = new ArrayList<>();
    private final Map<String, String> notes = new LinkedHashMap<>();
    private final String database;
    private final boolean quick;
    private double helloThroughput;

    Results(String database, boolean quick) {
        this.database = database;
        this.quick = quick;
    }

    Row add(String scenario, String metric, Load.Stats s, String target) {
        Row r = new Row(scenario, metric, s.count(), s.errors(), s.millisAt(50), s.millisAt(99), s.maxMillis(), s.meanMillis(),
                s.throughput(), target);
        rows.add(r);
        System.out.println(line(r));
        return r;
    }

    /** A figure that is not a latency series (memory, a rate found, people held). */
    void note(String scenario, String what, String value) {
        notes.put(scenario + ": " + what, value);
        System.out.printf("BENCH %-9s %s: %s%n", scenario, what, value);
    }

    /** Startup: process start to the first answered request, one sample per start. */
    void startupRow(String what, List<Double> millis) {
        Load.Stats s = new Load.Stats();
        for (double ms : millis) s.record(0, (long) (ms * 1e6));
        add("startup", "to the first answer, " + what, s, "<= 1.5 s");
    }

    /** Startup: a person's first sign-in (fetch_api_key) and register right after a start, one sample per start. */
    void firstSignInRow(String what, List<Double> millis) {
        Load.Stats s = new Load.Stats();
        for (double ms : millis) s.record(0, (long) (ms * 1e6));
        add("startup", "first sign-in + register after start, " + what, s, "<= 1 s");
    }

    void setHello(double throughput) { helloThroughput = throughput; }

    double hello() { return helloThroughput; }

    private String line(Row r) {
        String ratio = helloThroughput > 0 && r.throughput() > 0 ? String.format("%.2f", r.throughput() / helloThroughput) : "";
        return String.format("BENCH %-9s %-58s %7d %8.1f %8.1f %8.1f %9.0f %6s %6d  %s", r.scenario(), r.metric(), r.count(), r.p50(), r.p99(),
                r.max(), r.throughput(), ratio, r.errors(), r.target());
    }

    /** The whole table again, then the JSON file; returns its path. */
    Path write(Path dir) throws IOException {
        System.out.printf("%n%-9s %-58s %7s %8s %8s %8s %9s %6s %6s  %s%n", "scenario", "metric", "n", "p50 ms", "p99 ms", "max ms", "per s", "/hello",
                "errors", "target");
        rows.forEach(r -> System.out.println(line(r).substring("BENCH ".length())));
        notes.forEach((k, v) -> System.out.println(k + ": " + v));
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("database", database).put("quick", quick).put("server_flags", String.join(" ", BenchServer.runFlags())).put("finished", Instant.now().toString()).put("hello_per_second", helloThroughput);
        root.set("machine", machine());
        ArrayNode arr = root.putArray("results");
        rows.forEach(r -> arr.add(Json.MAPPER.valueToTree(r)));
        root.set("notes", Json.MAPPER.valueToTree(notes));
        Files.createDirectories(dir);
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
        Path file = dir.resolve(stamp + "-" + database + (quick ? "-quick" : "") + ".json");
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
        System.out.println("results: " + file);
        return file;
    }

    private static ObjectNode machine() {
        ObjectNode m = Json.MAPPER.createObjectNode();
        m.put("cores", Runtime.getRuntime().availableProcessors()).put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"))
                .put("java", System.getProperty("java.version"));
        try {
            Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:")).findFirst()
                    .ifPresent(l -> m.put("memory_mb", Long.parseLong(l.replaceAll("\\D", "")) / 1024));
            Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name")).findFirst()
                    .ifPresent(l -> m.put("cpu", l.substring(l.indexOf(':') + 1).strip()));
        } catch (IOException e) {
            // not Linux: the core count says enough
        }
        return m;
    }

    /** The latest full runs on SQLite and PostgreSQL under dir, side by side (p50/p99 ms), when both exist. */
    static void printBeside(Path dir) throws IOException {
        Optional<JsonNode> sqlite = latest(dir, "sqlite"), postgres = latest(dir, "postgres");
        if (sqlite.isEmpty() || postgres.isEmpty()) return;
        System.out.printf("%nlatest full runs side by side (p50 / p99 ms, per s)%n%-15s %-58s %26s %26s%n", "scenario", "metric", "SQLite", "PostgreSQL");
        Map<String, JsonNode> pg = new LinkedHashMap<>();
        postgres.get().get("results").forEach(r -> pg.put(r.get("scenario").asText() + "|" + r.get("metric").asText(), r));
        for (JsonNode r : sqlite.get().get("results")) {
            JsonNode p = pg.get(r.get("scenario").asText() + "|" + r.get("metric").asText());
            System.out.printf("%-15s %-58s %26s %26s%n", r.get("scenario").asText(), r.get("metric").asText(), cell(r), p == null ? "" : cell(p));
        }
    }

    private static String cell(JsonNode r) {
        return String.format("%.1f / %.1f, %.0f", r.get("p50").asDouble(), r.get("p99").asDouble(), r.get("throughput").asDouble());
    }

    private static Optional<JsonNode> latest(Path dir, String database) throws IOException {
        if (!Files.isDirectory(dir)) return Optional.empty();
        try (var files = Files.list(dir)) {
            Optional<Path> f = files.filter(p -> p.getFileName().toString().endsWith("-" + database + ".json")).max(Comparator.naturalOrder());
            return f.isEmpty() ? Optional.empty() : Optional.of(Json.MAPPER.readTree(f.get().toFile()));
        }
    }
}
