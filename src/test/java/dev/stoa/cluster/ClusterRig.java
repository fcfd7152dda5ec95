package dev.stoa.cluster;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference deployment for tests and measurements: `n` Stoa nodes as separate processes on one
 * fresh PostgreSQL schema (the first migrates and creates the realm, the others then start together),
 * all with nginx's address as --external-url, and nginx in front of them with {@link Nginx#config}.
 */
final class ClusterRig implements AutoCloseable {
    /** Fast start-up for short runs; measurements pass the server's defaults instead. */
    static final List<String> QUICK_JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    final List<ServerProcess> nodes = new ArrayList<>();
    final Nginx nginx;
    final ApiClient owner;
    private final Path nginxPrefix;
    private final List<String> jvm;

    ClusterRig(String databaseUrl, int n, List<String> jvm) throws Exception {
        this.jvm = jvm;
        int port = freePort();
        // Limits far above the load: the measurement is of the nodes, not of the (per-node) rate limiter.
        List<String> args = List.of("--external-url", "http://127.0.0.1:" + port, "--rate-limit-user", "100000000",
                "--rate-limit-ip", "100000000");
        try {
            for (int i = 0; i < n; i++) nodes.add(new ServerProcess(databaseUrl, args));
            nodes.getFirst().start(jvm);
            List<Thread> starts = new ArrayList<>();
            List<Exception> failed = java.util.Collections.synchronizedList(new ArrayList<>());
            for (ServerProcess p : nodes.subList(1, n)) starts.add(Thread.ofPlatform().start(() -> {
                try {
                    p.start(jvm);
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
        ApiClient rc = nodes.getFirst().owner();
        ApiClient direct = new ApiClient(nginx.url(), rc.email, rc.apiKey, -1);
        owner = new ApiClient(nginx.url(), rc.email, rc.apiKey, direct.get("/users/me").success().get("user_id").asLong());
    }

    void restart(ServerProcess p) throws Exception {
        p.start(jvm);
    }

    static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** A new member with an API key, as a client through nginx. */
    ApiClient user(String name) {
        String email = name + "@example.com", password = "pw-" + name + "-secret";
        long id = owner.post("/users", "email", email, "password", password, "full_name", name).success().get("user_id").asLong();
        // The key from the database: /fetch_api_key would check the password, a second Argon2 hash per user.
        try (var c = java.sql.DriverManager.getConnection(nodes.getFirst().databaseUrl);
             var q = c.prepareStatement("SELECT api_key FROM users WHERE id = ?")) {
            q.setLong(1, id);
            try (var rs = q.executeQuery()) {
                rs.next();
                return new ApiClient(nginx.url(), email, rs.getString(1), id);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    long channel(String name, List<ApiClient> members) {
        return owner.post("/channels/create", "name", name, "subscribers", members.stream().map(c -> c.userId).toList())
                .success().get("id").asLong();
    }

    /** nginx's access log: request id → the node port that answered last (after any retry), and when. */
    Map<String, Answered> accessLog() throws java.io.IOException {
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
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
