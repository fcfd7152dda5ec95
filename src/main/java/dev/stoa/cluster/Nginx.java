package dev.stoa.cluster;

import dev.stoa.queues.EventQueues;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * nginx in front of several Stoa nodes, as the reference deployment runs it: Debian's nginx binary,
 * unprivileged, with its own prefix directory (configuration, pid, logs, temporary files), in the
 * foreground as a child process, so that no system service is touched. {@link #config} is the
 * configuration docs/operations.md shows; `./stoa cluster-demo` and the cluster tests run exactly it.
 */
public final class Nginx implements AutoCloseable {
    private final Path prefix;
    private final Process process;
    public final int port;

    private Nginx(Path prefix, Process process, int port) {
        this.prefix = prefix;
        this.process = process;
        this.port = port;
    }

    /** The nginx binary (PATH, then Debian's /usr/sbin/nginx), or null when it is not installed. */
    public static Path binary() {
        List<Path> candidates = new ArrayList<>();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) if (!dir.isEmpty()) candidates.add(Path.of(dir, "nginx"));
        candidates.add(Path.of("/usr/sbin/nginx"));
        return candidates.stream().filter(Files::isExecutable).findFirst().orElse(null);
    }

    /**
     * The whole configuration for an unprivileged nginx under `prefix` (its pid, logs and temporary
     * files there) listening on 127.0.0.1:listenPort: a small main context around {@link #site}.
     */
    public static String config(Path prefix, int listenPort, List<Integer> nodePorts) {
        String p = prefix.toAbsolutePath().toString();
        String site = site("127.0.0.1:" + listenPort, nodePorts.stream().map(n -> "127.0.0.1:" + n).toList(), p + "/access.log");
        return """
                # Stoa behind nginx, unprivileged: every path nginx writes is under its prefix.
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 8192; }
                http {
                    client_body_temp_path %1$s/tmp/body;
                    proxy_temp_path %1$s/tmp/proxy;
                    fastcgi_temp_path %1$s/tmp/fastcgi;
                    uwsgi_temp_path %1$s/tmp/uwsgi;
                    scgi_temp_path %1$s/tmp/scgi;

                %2$s}
                """.formatted(p, site.indent(4));
    }

    /**
     * The part that matters, for an `http` block (a system nginx's conf.d/ file: deploy/nginx-stoa.conf
     * is this for three nodes on one machine): one upstream of the nodes, long-polls passed through
     * unbuffered with a read timeout above the long-poll timeout clients are told, and retries on
     * another node only where they are safe (see the comments inside).
     */
    public static String site(String listen, List<String> nodes, String accessLog) {
        StringBuilder servers = new StringBuilder();
        // max_fails/fail_timeout: a node that refused a connection (or timed out) is passed over for
        // 3 s, then tried again with one request; a connection refused sends nothing, so even a POST
        // moves on to the next node.
        for (String node : nodes) servers.append("    server ").append(node).append(" max_fails=1 fail_timeout=3s;\n");
        int pollRead = EventQueues.LONGPOLL_TIMEOUT_SECONDS + 30;
        return """
                # Stoa: interchangeable nodes over one PostgreSQL database (docs/operations.md). Any node
                # serves any request and any event queue: no sticky routing.
                # The path without its query string (narrows, queue ids) and never a header: no secrets in the log.
                log_format stoa '$msec $remote_addr "$request_method $uri" $status $request_time '
                                '$upstream_addr $upstream_status $request_id';
                access_log %1$s stoa buffer=64k flush=1s;
                client_max_body_size 26m;  # Stoa accepts bodies up to 25 MiB

                upstream stoa {
                %2$s    # Connections to the nodes are kept open (fewer connects per request); nginx closes an
                    # idle one after 60 s, before the node would (its idle timeout is longer).
                    keepalive 64;
                    keepalive_timeout 60s;
                }

                server {
                    listen %3$s;
                    proxy_http_version 1.1;
                    proxy_set_header Connection "";
                    proxy_set_header Host $http_host;
                    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                    proxy_set_header X-Forwarded-Proto $scheme;
                    proxy_set_header X-Request-Id $request_id;
                    add_header X-Request-Id $request_id always;
                    proxy_connect_timeout 2s;
                    # Another node is tried when a connection fails or times out, up to once per node.
                    # nginx never passes a POST or PATCH on once it was sent to a node (no
                    # "non_idempotent" here): that node may have committed it, and a resend would
                    # send a message twice. The client sees that one failure and decides.
                    # A node's 5xx is not retried either: all nodes answer 503 alike while the
                    # database is away, and that answer is the client's to see.
                    proxy_next_upstream error timeout;
                    proxy_next_upstream_tries %5$d;

                    location / {
                        proxy_pass http://stoa;
                    }
                    # Long-polls: parked up to the long-poll timeout, answered as soon as an event
                    # arrives (no buffering). A poll cut by a node's death is a GET: nginx retries it
                    # on another node, which serves the same queue from the shared event log.
                    location ~ ^/(api/v1|json)/events$ {
                        proxy_pass http://stoa;
                        proxy_buffering off;
                        proxy_read_timeout %4$ds;
                        proxy_send_timeout %4$ds;
                    }
                }
                """.formatted(accessLog, servers, listen, pollRead, nodes.size());
    }

    /** Writes the configuration under `prefix` and starts nginx on it; returns once it accepts connections. */
    public static Nginx start(Path prefix, int listenPort, List<Integer> nodePorts) throws IOException, InterruptedException {
        Path bin = binary();
        if (bin == null) throw new IllegalStateException("nginx is not installed (Debian: apt-get install nginx)");
        Files.createDirectories(prefix.resolve("tmp"));
        // As root nginx's workers run as nobody: they must reach the prefix (logs and temporary files).
        if ("root".equals(System.getProperty("user.name"))) prefix.toFile().setExecutable(true, false);
        Files.writeString(prefix.resolve("nginx.conf"), config(prefix, listenPort, nodePorts));
        Process p = new ProcessBuilder(bin.toString(), "-p", prefix.toAbsolutePath().toString(), "-c", "nginx.conf",
                "-e", prefix.resolve("error.log").toAbsolutePath().toString(), "-g", "daemon off;")
                .redirectErrorStream(true).redirectOutput(prefix.resolve("nginx.out").toFile()).start();
        Nginx nginx = new Nginx(prefix, p, listenPort);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!accepts(listenPort)) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                String why = nginx.log("nginx.out") + nginx.log("error.log");
                nginx.close();
                throw new IllegalStateException("nginx did not start on port " + listenPort + ":\n" + why);
            }
            Thread.sleep(20);
        }
        return nginx;
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private String log(String name) {
        try {
            Path f = prefix.resolve(name);
            return Files.exists(f) ? Files.readString(f) : "";
        } catch (IOException e) {
            return "";
        }
    }

    public String url() { return "http://127.0.0.1:" + port; }

    public Path prefix() { return prefix; }

    public long pid() { return process.pid(); }

    /** The access log: one line per request (the node that answered in $upstream_addr). */
    public Path accessLog() { return prefix.resolve("access.log"); }

    /** SIGQUIT: a graceful stop (open requests finish, the access log is flushed); SIGKILL after 10 s. */
    @Override
    public void close() throws InterruptedException {
        if (!process.isAlive()) return;
        try {
            new ProcessBuilder("kill", "-QUIT", String.valueOf(process.pid())).start().waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            process.destroy();
        }
        // Parked long-polls hold a graceful stop open: after a short grace the rest is a fast stop (SIGTERM).
        if (!process.waitFor(3, TimeUnit.SECONDS)) process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }
}
