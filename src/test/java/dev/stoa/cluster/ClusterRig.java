package dev.stoa.cluster;

import dev.stoa.app.Stoa;
import dev.stoa.config.Config;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The reference deployment for tests and measurements: `n` Stoa nodes as separate processes on one
 * fresh PostgreSQL schema (migrated and given its organization first, then the nodes start together),
 * all with nginx's address as --external-url, and nginx in front of them with {@link Nginx#config}.
 */
final class ClusterRig implements AutoCloseable {
    /** Fast start-up for short runs; measurements pass the server's defaults instead. */
    static final List<String> QUICK_JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    final List<ServerProcess> nodes = new ArrayList<>();
    final Nginx nginx;
    final ApiClient owner;
    private final Path nginxPrefix;
    private Map<String, String> ownerRc;
    private final List<String> jvm;
    private final List<String> args;

    ClusterRig(String databaseUrl, int n, List<String> jvm) throws Exception {
        this.jvm = jvm;
        int port = freePort();
        // Limits far above the load: the measurement is of the nodes, not of the (per-node) rate limiter.
        this.args = List.of("--external-url", "http://127.0.0.1:" + port, "--rate-limit-user", "100000000",
                "--rate-limit-ip", "100000000");
        try {
            for (int i = 0; i < n; i++) nodes.add(new ServerProcess(databaseUrl));
            // The schema and the organization are made here, in this (warm) JVM, so the nodes then start
            // together: a start on a fresh schema costs a JVM start plus the migrations, the slowest part.
            ownerRc = prepare(databaseUrl, args);
            List<Thread> starts = new ArrayList<>();
            List<Exception> failed = Collections.synchronizedList(new ArrayList<>());
            for (ServerProcess p : nodes) starts.add(Thread.ofPlatform().start(() -> {
                try {
                    p.start(jvm, args);
                } catch (Exception e) {
                    failed.add(e);
                }
            }));
            for (Thread t : starts) t.join();
            if (!failed.isEmpty()) throw failed.getFirst();
            nginxPrefix = Files.createTempDirectory("stoa-nginx");
            nginx = Nginx.start(nginxPrefix, port, nodes.stream().map(p -> p.port).toList());
        } catch (Exception e) {
            closeNodes();
            throw e;
        }
        ApiClient direct = new ApiClient(nginx.url(), ownerRc.get("email"), ownerRc.get("key"), -1);
        owner = new ApiClient(nginx.url(), ownerRc.get("email"), ownerRc.get("key"), direct.get("/users/me").success().get("user_id").asLong());
    }

    /** Migrates the schema and creates the organization (a first start, stopped at once); returns the owner's zuliprc. */
    private static Map<String, String> prepare(String databaseUrl, List<String> args) throws Exception {
        Path dir = Files.createTempDirectory("stoa-prepare");
        List<String> all = new ArrayList<>(List.of("--port", "0", "--data-dir", dir.toString(), "--database-url", databaseUrl));
        all.addAll(args);
        Stoa.start(Config.parse(all.toArray(String[]::new), Map.of()), Clock.systemUTC()).close();
        Map<String, String> rc = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("zuliprc"))) {
            int eq = line.indexOf('=');
            if (eq > 0) rc.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
        return rc;
    }

    void restart(ServerProcess p) throws Exception {
        p.start(jvm, args);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** A new member with an API key, as a client through nginx. */
    ApiClient user(String name) {
        String email = name + "@example.com", password = "pw-" + name + "-secret";
        long id = owner.post("/users", "email", email, "password", password, "full_name", name).success().get("user_id").asLong();
        // The key from the database: /fetch_api_key would check the password, a second Argon2 hash per user.
        try (var c = DriverManager.getConnection(nodes.getFirst().databaseUrl);
             var q = c.prepareStatement("SELECT api_key FROM users WHERE id = ?")) {
            q.setLong(1, id);
            try (var rs = q.executeQuery()) {
                rs.next();
                return new ApiClient(nginx.url(), email, rs.getString(1), id);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Several users at once (each costs a password hash on a node; nginx spreads them). */
    List<ApiClient> users(String prefix, int n) throws Exception {
        try (var exec = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ApiClient>> made = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String name = prefix + i;
                made.add(exec.submit(() -> user(name)));
            }
            List<ApiClient> out = new ArrayList<>();
            for (var f : made) out.add(f.get());
            return out;
        }
    }

    long channel(String name, List<ApiClient> members) {
        return owner.post("/channels/create", "name", name, "subscribers", members.stream().map(c -> c.userId).toList())
                .success().get("id").asLong();
    }

    /** nginx's access log: request id → the node port that answered last (after any retry), and when. */
    Map<String, Answered> accessLog() throws IOException {
        Map<String, Answered> out = new HashMap<>();
        if (!Files.exists(nginx.accessLog())) return out;
        for (String line : Files.readAllLines(nginx.accessLog())) {
            // $msec $remote_addr "$request_method $uri" $status $request_time $upstream_addr... $upstream_status... $request_id
            String[] quoted = line.split("\"");
            if (quoted.length < 3) continue;
            String[] head = quoted[0].trim().split(" ");
            String[] tail = quoted[2].trim().split(" ");
            String upstream = null;
            for (String t : tail) if (t.startsWith("127.0.0.1:")) upstream = t.replace(",", "");
            int port = upstream == null ? -1 : Integer.parseInt(upstream.substring(upstream.indexOf(':') + 1));
            out.put(tail[tail.length - 1], new Answered(quoted[1], Integer.parseInt(tail[0]), port, (long) (Double.parseDouble(head[0]) * 1000)));
        }
        return out;
    }

    record Answered(String request, int status, int nodePort, long epochMillis) {}

    private void closeNodes() {
        for (ServerProcess p : nodes) {
            try {
                p.kill(); // all stopped before the schema is dropped
            } catch (Exception e) {
                // never started
            }
        }
        for (ServerProcess p : nodes) {
            try {
                p.close(); // the first close drops the shared schema; the others find it gone
            } catch (Exception e) {
                // best effort: temporary directories
            }
        }
    }

    @Override
    public void close() throws Exception {
        if (nginx != null) nginx.close();
        closeNodes();
        if (nginxPrefix != null) {
            try (var files = Files.walk(nginxPrefix)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
