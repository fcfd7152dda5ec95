package dev.stoa.testing;

import dev.stoa.config.StorageConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real S3-compatible server for the storage tests: Adobe S3Mock's standalone jar (Maven Central,
 * com.adobe.testing:s3mock:4.0.0:exec, copied to target/s3mock/ by the build), started once per
 * test JVM as a child process on a free port and stopped when the JVM exits. A separate process
 * keeps its Spring Boot and Tomcat off our class path, and our S3 client talks HTTP to it exactly
 * as to any S3 endpoint. STOA_TEST_S3_ENDPOINT (with STOA_TEST_S3_ACCESS_KEY/SECRET_KEY) points
 * the tests at another server instead (MinIO, a real bucket's endpoint).
 */
public final class S3Mock {
    private static String endpoint;

    private S3Mock() {}

    /**
     * Starts the server before the class's lifecycle methods, outside their timeout (a busy
     * machine can take a while to boot Spring): {@code @ExtendWith(S3Mock.Started.class)}.
     */
    public static final class Started implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            endpoint();
        }
    }

    /** A new, empty bucket on the server (like a fresh database per test server). */
    public static StorageConfig freshBucket() {
        String ep = endpoint();
        String bucket = "stoa-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        return StorageConfig.s3(ep, bucket, "us-east-1", env("STOA_TEST_S3_ACCESS_KEY", "test-access-key"),
                env("STOA_TEST_S3_SECRET_KEY", "test-secret-key"));
    }

    private static String env(String name, String dflt) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? dflt : v;
    }

    public static synchronized String endpoint() {
        if (endpoint != null) return endpoint;
        String external = System.getenv("STOA_TEST_S3_ENDPOINT");
        if (external != null && !external.isBlank()) return endpoint = external;
        try {
            endpoint = start();
            return endpoint;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start S3Mock", e);
        }
    }

    /** SIGTERM first (S3Mock then removes its files), then by force; and its folder in any case. */
    private static void stop(Process p, Path root) {
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly();
        } catch (InterruptedException e) {
            p.destroyForcibly();
        }
        try (var all = Files.walk(root)) {
            all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException | RuntimeException ignored) {
            // a leftover temporary folder is harmless
        }
    }

    private static String start() throws IOException {
        Path jar = Path.of(System.getProperty("stoa.test.s3mock.jar", "target/s3mock/s3mock.jar"));
        if (!Files.isRegularFile(jar)) throw new IllegalStateException(jar + " is missing: the Maven build copies it (mvn generate-test-resources)");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path root = Files.createTempDirectory("stoa-s3mock");
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = jar.resolveSibling("s3mock-" + port + ".log");
        Process p = new ProcessBuilder(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-jar", jar.toString(),
                "--com.adobe.testing.s3mock.httpPort=" + port, "--server.port=0", "--server.address=127.0.0.1",
                "--com.adobe.testing.s3mock.domain.root=" + root, "--spring.main.banner-mode=off", "--spring.main.lazy-initialization=true", "--logging.level.root=WARN")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(p, root)));
        String url = "http://127.0.0.1:" + port;
        HttpClient http = HttpClient.newHttpClient();
        long deadline = Await.deadline(180);
        while (true) {
            if (!p.isAlive()) throw new IllegalStateException("S3Mock exited with " + p.exitValue() + "; see " + log);
            try {
                HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(url + "/")).GET().build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() < 500) return url;
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            Await.before(deadline, "S3Mock to listen on " + url + " (log: " + log + ")");
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
