package dev.stoa.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The server under test, started as `./stoa run` starts it: the same JVM flags (read from the
 * script) and, when the jar is built, the same jar; its own process on its own data directory.
 */
final class BenchServer implements AutoCloseable {
    final Path dataDir;
    final String databaseUrl;
    final int port;
    private final Path jar;
    private Process process;
    private int starts;

    BenchServer(Path dataDir, String databaseUrl, Path jar) throws IOException {
        this.dataDir = dataDir;
        this.databaseUrl = databaseUrl;
        this.jar = jar;
        try (ServerSocket s = new ServerSocket(0)) {
            this.port = s.getLocalPort();
        }
    }

    String baseUrl() { return "http://127.0.0.1:" + port; }

    /** The JDBC URL the seeder writes through while the server is stopped. */
    String jdbcUrl() {
        return databaseUrl != null ? databaseUrl : "jdbc:sqlite:" + dataDir.resolve("stoa.db");
    }

    /** The flags `./stoa run` gives the JVM, or STOA_BENCH_JVM_FLAGS to measure other candidates. */
    static List<String> runFlags() throws IOException {
        String candidate = System.getenv("STOA_BENCH_JVM_FLAGS");
        if (candidate != null && !candidate.isBlank()) return Arrays.asList(candidate.strip().split("\\s+"));
        // The script says them itself (`./stoa jvm-flags`), start-up cache included when it has one for this jar.
        Process p = new ProcessBuilder("bash", "stoa", "jvm-flags").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        try {
            if (p.waitFor() != 0 || out.isEmpty()) throw new IllegalStateException("`./stoa jvm-flags` failed: " + out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return Arrays.asList(out.split("\\s+"));
    }

    /** Starts the process and waits for its first answered request; returns that wait in milliseconds. */
    double start() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // The script's start-up cache belongs to its jar: a server run from the build's classes goes without it.
        cmd.addAll(runFlags().stream().filter(f -> jar != null || !f.startsWith("-XX:AOTCache=")).toList());
        if (jar != null) cmd.addAll(List.of("-jar", jar.toString()));
        else cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.stoa.cli.Main"));
        // The load is many requests from one address and a few users: the limiters would measure themselves.
        cmd.addAll(List.of("run", "--port", String.valueOf(port), "--data-dir", dataDir.toString(),
                "--rate-limit-user", "2000000000", "--rate-limit-ip", "2000000000"));
        if (databaseUrl != null) cmd.addAll(List.of("--database-url", databaseUrl));
        Path log = dataDir.resolveSibling("server-" + (++starts) + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("STOA_"));
        long t0 = System.nanoTime();
        process = pb.start();
        HttpClient probe = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build();
        HttpRequest hello = HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/server_settings")).timeout(Duration.ofSeconds(5)).build();
        long deadline = t0 + TimeUnit.MINUTES.toNanos(5);
        while (true) {
            try {
                if (probe.send(hello, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) return (System.nanoTime() - t0) / 1e6;
            } catch (IOException e) {
                // not listening yet
            }
            if (!process.isAlive()) throw new IllegalStateException("server exited with " + process.exitValue() + ":\n" + Files.readString(log));
            if (System.nanoTime() > deadline) throw new IllegalStateException("server did not answer:\n" + Files.readString(log));
            Thread.sleep(5);
        }
    }

    /** The owner's credentials, from the zuliprc the first start wrote. */
    BenchHttp.Cred owner() throws IOException {
        Map<String, String> rc = new HashMap<>();
        for (String line : Files.readAllLines(dataDir.resolve("zuliprc"))) {
            int eq = line.indexOf('=');
            if (eq > 0) rc.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
        return new BenchHttp.Cred(-1, rc.get("email"), rc.get("key"));
    }

    /** The owner's password, from the banner the first start printed (shown only that once). */
    String ownerPassword() throws IOException {
        for (String line : Files.readAllLines(dataDir.resolveSibling("server-1.log"))) {
            if (line.strip().startsWith("password:")) return line.strip().substring("password:".length()).strip();
        }
        throw new IllegalStateException("the first start printed no owner password");
    }

    /** Resident memory of the server process (Linux /proc), in MiB. */
    long rssMb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
        }
        throw new IllegalStateException("no VmRSS for " + process.pid());
    }

    /** CPU time the server process has used so far (user + system, Linux /proc), in ms; clock ticks are 100 Hz. */
    long cpuMs() throws IOException {
        String stat = Files.readString(Path.of("/proc", String.valueOf(process.pid()), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10;
    }

    /** SIGTERM, and waits for the clean stop. */
    void stop() throws InterruptedException {
        if (process == null || !process.isAlive()) return;
        process.destroy();
        if (!process.waitFor(2, TimeUnit.MINUTES)) process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
