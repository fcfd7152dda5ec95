package dev.stoa.cluster;

import dev.stoa.db.PostgresDatabases;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * `./stoa cluster-demo`: the reference deployment on one machine. A PostgreSQL database (stoa_demo
 * on the local server, created if missing, or --database-url), three Stoa nodes as separate
 * processes on ports --port+1.. (same database, same data directory, same --external-url: nginx's
 * address), and nginx on --port in front of them. Ctrl-C stops everything it started.
 */
public final class ClusterDemo {
    /** Its own options; any other --option is passed to every node (so nodes share one configuration). */
    private static final List<String> OWN = List.of("port", "nodes", "database-url", "data-dir", "postgres-url");
    public static final String USAGE = """
            cluster-demo            nginx on --port (9991) in front of --nodes (3) Stoa nodes on the next ports, over the
                                    PostgreSQL database stoa_demo (created on --postgres-url's server, default
                                    jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres) or --database-url;
                                    data and logs in --data-dir (./data-cluster); other options go to every node""";

    public static final class DemoError extends RuntimeException {
        public DemoError(String msg) { super(msg); }
    }

    private record Node(int number, int port, Path log, Process process) {}

    private ClusterDemo() {}

    public static void run(String[] args) throws Exception {
        Map<String, String> own = new LinkedHashMap<>();
        List<String> passed = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) throw new DemoError("expected --option value, got '" + args[i] + "'\nusage:\n" + USAGE);
            String name = args[i].substring(2);
            if (OWN.contains(name)) own.put(name, args[++i]);
            else {
                passed.add(args[i]);
                passed.add(args[++i]);
            }
        }
        int port = number(own.getOrDefault("port", "9991"), "port");
        int count = number(own.getOrDefault("nodes", "3"), "nodes");
        if (count < 1 || count > 16 || port + count > 65535) throw new DemoError("--nodes must be 1 to 16 and the ports must fit below 65536");
        if (Nginx.binary() == null) throw new DemoError("nginx is not installed (Debian: apt-get install nginx)");
        Path data = Path.of(own.getOrDefault("data-dir", "./data-cluster")).toAbsolutePath().normalize();
        Files.createDirectories(data.resolve("logs"));
        String db = database(own);
        String external = "http://127.0.0.1:" + port;
        new ClusterDemo().serve(data, db, external, port, count, passed);
    }

    private static int number(String s, String name) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new DemoError("--" + name + " must be a number, got '" + s + "'");
        }
    }

    private static String database(Map<String, String> own) {
        if (own.containsKey("database-url")) return own.get("database-url");
        String admin = own.getOrDefault("postgres-url", "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres");
        try {
            return PostgresDatabases.ensure(admin, "stoa_demo");
        } catch (Exception e) {
            throw new DemoError("cannot create the database stoa_demo through " + admin + " (" + e.getMessage()
                    + "); start PostgreSQL, or give --postgres-url or --database-url");
        }
    }

    private final List<Node> nodes = new ArrayList<>();
    private Nginx nginx;
    private Path nginxPrefix;

    private void serve(Path data, String db, String external, int port, int count, List<String> passed) throws Exception {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopAll();
            stopped.countDown();
        }, "cluster-demo-stop"));
        System.out.println("Starting " + count + " Stoa nodes over " + db + " ...");
        // The first node migrates the schema and creates the organization; the others then start together.
        nodes.add(startNode(1, port + 1, data, db, external, passed));
        awaitListening(nodes.getFirst());
        for (int i = 2; i <= count; i++) nodes.add(startNode(i, port + i, data, db, external, passed));
        for (Node n : nodes.subList(1, nodes.size())) awaitListening(n);
        nginxPrefix = Files.createTempDirectory("stoa-nginx");
        nginx = Nginx.start(nginxPrefix, port, nodes.stream().map(Node::port).toList());
        printSummary(data, db, external);
        watch();
        stopped.await();
    }

    private Node startNode(int number, int port, Path data, String db, String external, List<String> passed) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        // The nodes run with this JVM's flags (the stoa script's small-footprint ones) and class path.
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", Path.of(System.getProperty("java.class.path")).toAbsolutePath().toString(), "dev.stoa.cli.Main", "run",
                "--port", String.valueOf(port), "--data-dir", data.toString(), "--database-url", db, "--external-url", external));
        cmd.addAll(passed);
        Path log = data.resolve("logs").resolve("node-" + number + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        return new Node(number, port, log, p);
    }

    private static void awaitListening(Node n) throws Exception {
        long from = Files.size(n.log());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            String out = tail(n.log(), from);
            if (out.contains("Stoa is listening")) {
                // The first start's owner credentials: shown once, as `./stoa run` shows them.
                for (String line : out.split("\n")) if (!line.startsWith("Stoa is listening") && !line.startsWith("No --smtp-url")) System.out.println(line);
                return;
            }
            if (!n.process().isAlive() || System.nanoTime() > deadline) {
                throw new DemoError("node " + n.number() + " did not start (log " + n.log() + "):\n" + out);
            }
            Thread.sleep(50);
        }
    }

    private static String tail(Path log, long from) throws IOException {
        byte[] all = Files.readAllBytes(log);
        return new String(all, (int) Math.min(from, all.length), (int) Math.max(0, all.length - from), StandardCharsets.UTF_8);
    }

    private void printSummary(Path data, String db, String external) {
        System.out.println();
        System.out.println("Stoa cluster demo: " + nodes.size() + " nodes behind nginx, one PostgreSQL database");
        System.out.println("  open         " + external + "/   (nginx, pid " + nginx.pid() + "; every node's --external-url)");
        for (Node n : nodes) {
            System.out.println("  node " + n.number() + "       http://127.0.0.1:" + n.port() + "   pid " + n.process().pid() + "   log " + n.log());
        }
        System.out.println("  database     " + db);
        System.out.println("  data         " + data + " (uploads and zuliprc, shared by the nodes on this machine)");
        if (Files.exists(data.resolve("zuliprc"))) System.out.println("  zuliprc      " + data.resolve("zuliprc") + " (the owner's credentials from the first start)");
        System.out.println("  nginx        " + nginxPrefix.resolve("nginx.conf") + ", access log " + nginx.accessLog());
        System.out.println("Try `kill -9 <a node's pid>`: its clients go on through the other nodes (any node serves any queue).");
        System.out.println("Stop everything with Ctrl-C (or kill " + ProcessHandle.current().pid() + ").");
    }

    /** Says when a node exits on its own (killed to try failover): the others go on serving. */
    private void watch() {
        for (Node n : nodes) {
            n.process().onExit().thenAccept(p -> {
                if (nginx != null && !stopping) System.out.println("node " + n.number() + " (pid " + p.pid() + ") exited with code " + p.exitValue()
                        + "; nginx passes its requests to the other nodes");
            });
        }
    }

    private volatile boolean stopping;

    private void stopAll() {
        stopping = true;
        System.out.println("Stopping nginx and the nodes ...");
        try {
            if (nginx != null) nginx.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Node n : nodes) n.process().destroy(); // SIGTERM: each node's own shutdown hook closes it cleanly
        for (Node n : nodes) {
            try {
                if (!n.process().waitFor(30, TimeUnit.SECONDS)) n.process().destroyForcibly();
            } catch (InterruptedException e) {
                n.process().destroyForcibly();
            }
        }
        if (nginxPrefix != null) {
            try (var files = Files.walk(nginxPrefix)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (IOException e) {
                // a temporary directory: left for the system to clean
            }
        }
        System.out.println("Stopped.");
    }
}
