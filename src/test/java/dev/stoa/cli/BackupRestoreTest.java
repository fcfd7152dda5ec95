package dev.stoa.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.app.Stoa;
import dev.stoa.config.Config;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Await;
import dev.stoa.testing.Exports;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * `./stoa backup` of a server under load, `./stoa restore` into a fresh data directory (or a new
 * PostgreSQL database), and a server started there: every message and upload acknowledged before
 * the backup started is there, byte for byte; nothing is there that was not acknowledged; and what
 * is there is whole (each message reaches its recipients' own views too).
 */
class BackupRestoreTest extends StoaTestBase {
    private static final String CHANNEL = "load";

    /** One acknowledged write: its id (message or upload), what was sent, and when the answer came. */
    private record Ack(long id, String content, byte[] file, String url, long at) {}

    @Test
    @Timeout(300)
    void aBackupTakenUnderLoadRestoresEverythingAcknowledgedBeforeIt() throws Exception {
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", CHANNEL)),
                "principals", List.of(owner.userId, admin.userId, member.userId)).success();
        Map<Long, Ack> messages = new ConcurrentHashMap<>();
        List<Ack> uploads = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger failures = new AtomicInteger();
        List<Thread> senders = new ArrayList<>();
        for (ApiClient c : List.of(owner, admin, member)) {
            senders.add(Thread.ofVirtual().start(() -> send(c, stop, messages, uploads, failures)));
        }
        Await.until("30 acknowledged messages", 120, () -> messages.size() >= 30);
        long backupStart = System.nanoTime();
        Path work = Files.createTempDirectory("stoa-backup");
        String restoredUrl = null;
        try {
            Path file = work.resolve("stoa-backup.zip");
            Cli.Result r = Cli.run(server, "backup", "--file", file.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("backed up").contains(file.toAbsolutePath().toString());
            int atBackupEnd = messages.size();
            long ackedBefore = messages.values().stream().filter(a -> a.at() < backupStart).count();
            // a figure for the report, not a threshold
            System.out.printf("backup under load (%s): %d ms, %d messages acknowledged before it, %d during it; %s%n",
                    TestDatabase.postgres() ? "PostgreSQL" : "SQLite", (System.nanoTime() - backupStart) / 1_000_000, ackedBefore,
                    atBackupEnd - ackedBefore, r.out().strip());
            Await.until("10 more messages after the backup", 120, () -> messages.size() >= atBackupEnd + 10);
            stop.set(true);
            for (Thread t : senders) t.join();
            assertThat(failures.get()).as("requests that failed under load").isZero();

            Path dataDir = work.resolve("restored");
            restoredUrl = newDatabaseLike(server.stoa.config().databaseUrl());
            List<String> args = new ArrayList<>(List.of("restore", "--file", file.toString(), "--data-dir", dataDir.toString()));
            if (restoredUrl != null) args.addAll(List.of("--database-url", restoredUrl));
            Cli.Result restored = Cli.exec(args.toArray(String[]::new));
            assertThat(restored.exit()).as(restored.err()).isZero();
            Cli.Result again = Cli.exec(args.toArray(String[]::new));
            assertThat(again.exit()).as("a second restore onto the first is refused").isEqualTo(2);
            try (Stoa there = start(dataDir, restoredUrl)) {
                checkRestored(there, messages, uploads, backupStart);
            }
        } finally {
            stop.set(true);
            dropDatabase(restoredUrl);
            try (var all = Files.walk(work)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Posts to the channel until stopped (bounded); every tenth message carries a new upload. */
    private void send(ApiClient c, AtomicBoolean stop, Map<Long, Ack> messages, List<Ack> uploads, AtomicInteger failures) {
        Random random = new Random(c.userId);
        for (int i = 0; i < 400 && !stop.get(); i++) {
            try {
                String content = "load " + c.email + " #" + i;
                Ack file = null;
                if (i % 10 == 0) {
                    byte[] bytes = new byte[1000 + random.nextInt(50_000)];
                    random.nextBytes(bytes);
                    String url = upload(c, "f" + i + ".bin", bytes);
                    file = new Ack(0, null, bytes, url, 0);
                    content += " [file](" + url + ")";
                }
                JsonNode r = c.post("/messages", "type", "stream", "to", CHANNEL, "topic", "load", "content", content).success();
                long at = System.nanoTime();
                messages.put(r.get("id").asLong(), new Ack(r.get("id").asLong(), content, null, null, at));
                // Others may read an upload once a message links it: it counts from that message's acknowledgement
                // (an upload acknowledged before the backup whose message came after is, rightly, the uploader's alone).
                if (file != null) uploads.add(new Ack(0, null, file.file(), file.url(), at));
            } catch (AssertionError | RuntimeException e) {
                failures.incrementAndGet();
            }
        }
    }

    private void checkRestored(Stoa there, Map<Long, Ack> messages, List<Ack> uploads, long backupStart) {
        String base = "http://127.0.0.1:" + there.port();
        ApiClient ownerThere = new ApiClient(base, owner.email, owner.apiKey, owner.userId);
        ApiClient memberThere = new ApiClient(base, member.email, member.apiKey, member.userId);
        Map<Long, String> got = channelMessages(ownerThere);
        List<Long> before = messages.values().stream().filter(a -> a.at() < backupStart).map(Ack::id).toList();
        assertThat(before).hasSizeGreaterThanOrEqualTo(30);
        assertThat(got.keySet()).as("every message acknowledged before the backup started").containsAll(before);
        for (var e : got.entrySet()) {
            Ack sent = messages.get(e.getKey());
            assertThat(sent).as("message " + e.getKey() + " was acknowledged").isNotNull();
            assertThat(e.getValue()).as("message " + e.getKey() + "'s content").contains(sent.content().substring(0, sent.content().indexOf(" [") < 0
                    ? sent.content().length() : sent.content().indexOf(" [")));
        }
        // whole, not half-there: each message also has its recipients' rows (the member's own view is the same set)
        assertThat(channelMessages(memberThere).keySet()).isEqualTo(got.keySet());
        int checked = 0;
        for (Ack u : uploads) {
            if (u.at() >= backupStart) continue;
            assertThat(Exports.fetch(ownerThere, base + u.url()).body()).as(u.url()).isEqualTo(u.file());
            checked++;
        }
        assertThat(checked).isPositive();
    }

    private static Map<Long, String> channelMessages(ApiClient c) {
        JsonNode r = c.get("/messages", "anchor", "newest", "num_before", 5000, "num_after", 0, "apply_markdown", false,
                "narrow", List.of(Map.of("operator", "channel", "operand", CHANNEL))).success();
        Map<Long, String> out = new HashMap<>();
        for (JsonNode m : r.get("messages")) out.put(m.get("id").asLong(), m.get("content").asText());
        return out;
    }

    private static String upload(ApiClient c, String name, byte[] body) {
        String boundary = "b0undary";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name + "\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(body);
        out.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        var req = c.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(out.toByteArray())).build();
        return c.raw(req).success().get("url").asText();
    }

    private Stoa start(Path dataDir, String pgUrl) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Map<String, String> env = pgUrl == null ? Map.of() : Map.of("STOA_DATABASE_URL", pgUrl);
        Config config = Config.parse(new String[] {"--port", String.valueOf(port), "--data-dir", dataDir.toString()}, env)
                .withLimits(1_000_000, 1_000_000, 1_000_000);
        return Stoa.start(config, Clock.systemUTC());
    }

    /**
     * PostgreSQL: a new, empty database; the URL names the same schema as the source's, since
     * pg_restore brings the tables back into the schema they were dumped from. SQLite: null.
     */
    private static String newDatabaseLike(String sourceUrl) throws Exception {
        if (sourceUrl == null || !TestDatabase.postgres()) return null;
        String base = System.getenv("STOA_TEST_POSTGRES_URL");
        String name = "r_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        try (Connection c = DriverManager.getConnection(base); var s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        String schema = sourceUrl.substring(sourceUrl.lastIndexOf("currentSchema=") + "currentSchema=".length());
        URI u = URI.create(base.substring("jdbc:".length()));
        return "jdbc:postgresql://" + u.getHost() + ":" + (u.getPort() < 0 ? 5432 : u.getPort()) + "/" + name + "?"
                + (u.getRawQuery() == null ? "" : u.getRawQuery() + "&") + "currentSchema=" + schema;
    }

    private static void dropDatabase(String url) {
        if (url == null) return;
        String name = URI.create(url.substring("jdbc:".length())).getPath().substring(1);
        try (Connection c = DriverManager.getConnection(System.getenv("STOA_TEST_POSTGRES_URL")); var s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (Exception ignored) {
            // a leftover database is harmless on a test machine
        }
    }
}
