package dev.stoa.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Stoa as a separate process (java with this JVM's class path, main class dev.stoa.cli.Main), for
 * crash and restart tests: start, kill (SIGKILL) or stop (SIGTERM), start again on the same data.
 */
public final class ServerProcess implements AutoCloseable {
    public final Path dataDir;
    public final int port;
    public final String databaseUrl;
    private final Path logFile;
    private Process process;
    private int starts;

    public ServerProcess(String databaseUrl) throws IOException {
        this.dataDir = Files.createTempDirectory("stoa-proc");
        this.logFile = dataDir.resolve("server.log");
        this.databaseUrl = databaseUrl;
        try (ServerSocket s = new ServerSocket(0)) {
            this.port = s.getLocalPort();
        }
    }

    public String baseUrl() { return "http://127.0.0.1:" + port; }

    /** Starts the server and waits until it listens. */
    public void start() throws Exception {
        start(List.of("-Xmx256m"));
    }

    /** Starts the server with these JVM flags and waits until it listens. */
    public void start(List<String> jvmFlags) throws Exception {
        start(jvmFlags, List.of());
    }

    /** Starts the server with these JVM flags and extra `run` options (--log-format json, ...) and waits until it listens. */
    public void start(List<String> jvmFlags, List<String> options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED")); // as ./stoa does: SQLite's native library without the JVM's warning
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.stoa.cli.Main", "run",
                "--port", String.valueOf(port), "--data-dir", dataDir.resolve("data").toString()));
        if (databaseUrl != null) cmd.addAll(List.of("--database-url", databaseUrl));
        cmd.addAll(options);
        Path log = dataDir.resolve("server-" + (++starts) + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("STOA_"));
        process = pb.start();
        // Seconds on a quiet machine; 90 s was once not enough at load ~37 on two cores (the soak's first start printed nothing).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (true) {
            String out = Files.exists(log) ? Files.readString(log) : "";
            if (out.contains("Stoa is listening")) return;
            if (!process.isAlive()) throw new IllegalStateException("server exited with " + process.exitValue() + ":\n" + out);
            if (System.nanoTime() > deadline) throw new IllegalStateException("server did not start:\n" + out);
            Thread.sleep(20);
        }
    }

    /** What the latest start printed so far (standard output and error). */
    public String output() throws IOException {
        Path log = dataDir.resolve("server-" + starts + ".log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /** The owner's client, from the zuliprc the first start wrote. */
    public ApiClient owner() throws IOException {
        Map<String, String> rc = new HashMap<>();
        for (String line : Files.readAllLines(dataDir.resolve("data").resolve("zuliprc"))) {
            int eq = line.indexOf('=');
            if (eq > 0) rc.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
        return new ApiClient(baseUrl(), rc.get("email"), rc.get("key"), -1);
    }

    /** The process's resident memory (Linux /proc), in KiB. */
    public long rssKb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
        }
        throw new IllegalStateException("no VmRSS for " + process.pid());
    }

    /** The running process's id (Linux /proc figures). */
    public long pid() { return process.pid(); }

    /** SIGKILL: no shutdown hook runs. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: the shutdown hook stops the server cleanly. */
    public int stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("server did not stop on SIGTERM");
        }
        return process.exitValue();
    }

    @Override
    public void close() throws Exception {
        if (process != null && process.isAlive()) kill();
        TestDatabase.dropPostgres(databaseUrl);
        try (var files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
