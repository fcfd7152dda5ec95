package dev.stoa.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * `./stoa bench [scenario…] [--database-url URL] [--quick] [--out DIR]`: starts the server as
 * `./stoa run` does in its own process on a fresh data directory (or a fresh schema of the given
 * PostgreSQL database), builds the realm, runs the scenarios with this JVM as the load generator,
 * prints a table and writes JSON. It asserts nothing; BenchQuickTest runs it small in the suite.
 */
class Benchmark {
    static final List<String> SCENARIOS = List.of("hello", "latency", "send", "fanout", "history", "register", "mix", "memory", "scale", "startup");

    record Options(Set<String> scenarios, String databaseUrl, boolean quick, Path out, Path jar) {
        static Options parse(List<String> args) {
            List<String> chosen = new ArrayList<>();
            String db = null, out = "bench/results", jar = System.getProperty("stoa.bench.jar");
            boolean quick = false;
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                switch (a) {
                    case "--quick" -> quick = true;
                    case "--database-url" -> db = args.get(++i);
                    case "--out" -> out = args.get(++i);
                    default -> {
                        if (!SCENARIOS.contains(a)) throw new IllegalArgumentException("unknown scenario or option '" + a + "'; scenarios: " + SCENARIOS);
                        chosen.add(a);
                    }
                }
            }
            Path jarPath = jar == null || jar.isBlank() || !Files.exists(Path.of(jar)) ? null : Path.of(jar);
            return new Options(Set.copyOf(chosen.isEmpty() ? SCENARIOS : chosen), db, quick, Path.of(out), jarPath);
        }

        boolean has(String s) { return scenarios.contains(s); }
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.HOURS) // seeding and measuring the full sizes; the suite's default does not fit
    void run() throws Exception {
        String args = System.getProperty("stoa.bench.args", "").strip();
        run(Options.parse(args.isEmpty() ? List.of() : Arrays.asList(args.split("\\s+"))));
    }

    /** Runs the chosen scenarios; returns the JSON file written. */
    static Path run(Options o) throws Exception {
        Sizes sizes = o.quick() ? Sizes.quick() : Sizes.full();
        Results results = new Results(o.databaseUrl() == null ? "sqlite" : "postgres", o.quick());
        Path dir = Files.createTempDirectory("stoa-bench");
        String schemaUrl = o.databaseUrl() == null ? null : freshSchema(o.databaseUrl());
        System.out.printf("BENCH %s on %s, server flags %s, %s%n", o.quick() ? "quick sizes" : "full sizes", o.databaseUrl() == null ? "SQLite" : "PostgreSQL",
                BenchServer.runFlags(), o.jar() == null ? "classes from the build" : o.jar());
        try (BenchServer server = new BenchServer(dir.resolve("data"), schemaUrl, o.jar())) {
            new Session(o, sizes, results, server).run();
        } finally {
            if (schemaUrl != null) dropSchema(o.databaseUrl(), schemaUrl);
            deleteTree(dir);
        }
        Path file = results.write(o.out());
        Results.printBeside(o.out());
        return file;
    }

    private static String freshSchema(String base) throws Exception {
        String schema = "bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(base); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    private static void dropSchema(String base, String url) {
        String schema = url.substring(url.lastIndexOf("currentSchema=") + "currentSchema=".length());
        try (Connection c = DriverManager.getConnection(base); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        } catch (Exception e) {
            System.out.println("BENCH could not drop schema " + schema + ": " + e.getMessage());
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
