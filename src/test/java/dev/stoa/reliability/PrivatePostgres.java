package dev.stoa.reliability;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway PostgreSQL instance (initdb in a temporary directory, its own port) that a test may
 * crash and restart without touching the server the rest of the suite uses. Always stopped and
 * removed on close, whatever the test did. As root, it runs as the postgres user.
 */
final class PrivatePostgres implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final Path bin;

    private PrivatePostgres(Path dir, int port, Path bin) {
        this.dir = dir;
        this.port = port;
        this.bin = bin;
    }

    static PrivatePostgres start() throws Exception {
        Path bin = binDir();
        Path dir = Files.createTempDirectory("stoa-pg");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        if (root()) run(List.of("chown", "-R", "postgres", dir.toString()));
        PrivatePostgres pg = new PrivatePostgres(dir, port, bin);
        pg.pg(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-U", "postgres", "--auth=trust", "-E", "UTF8"));
        pg.ctl("start", "-w");
        return pg;
    }

    String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
    }

    /** An immediate shutdown (no checkpoint: PostgreSQL recovers from its WAL, as after a crash), then a start. */
    void crashAndRestart() throws Exception {
        ctl("stop", "-m", "immediate", "-w");
        LoadSenders.sleep(300);
        ctl("start", "-w");
    }

    /** A fast shutdown (what a restart or an upgrade does): clients' connections are closed; {@link #startAgain} brings it back. */
    void stop() throws Exception {
        ctl("stop", "-m", "fast", "-w");
    }

    void startAgain() throws Exception {
        ctl("start", "-w");
    }

    private void ctl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(),
                "-l", dir.resolve("log").toString(), "-o", "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1"));
        cmd.addAll(List.of(args));
        pg(cmd);
    }

    private void pg(List<String> cmd) throws Exception {
        List<String> full = new ArrayList<>();
        if (root()) full.addAll(List.of("runuser", "-u", "postgres", "--"));
        full.addAll(cmd);
        run(full);
    }

    private static void run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static Path binDir() throws IOException {
        try (var versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.sorted(Comparator.reverseOrder()).findFirst().orElseThrow().resolve("bin");
        }
    }

    /** PostgreSQL's amcheck over the current schema's B-tree indexes (heap included). */
    static void amcheck(Statement s) throws Exception {
        s.execute("CREATE EXTENSION IF NOT EXISTS amcheck");
        List<String> indexes = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT c.oid::regclass::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                + "JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'btree' AND c.relnamespace = current_schema()::regnamespace")) {
            while (rs.next()) indexes.add(rs.getString(1));
        }
        for (String index : indexes) s.execute("SELECT bt_index_check('" + index + "', true)");
        if (indexes.isEmpty()) throw new AssertionError("no indexes found to check");
    }

    @Override
    public void close() throws Exception {
        try {
            ctl("stop", "-m", "fast", "-w");
        } catch (Exception e) {
            // already stopped
        }
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
