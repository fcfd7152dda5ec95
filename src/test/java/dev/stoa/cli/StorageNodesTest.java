package dev.stoa.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.app.Stoa;
import dev.stoa.config.Config;
import dev.stoa.config.StorageConfig;
import dev.stoa.emoji.RealmEmojiTest;
import dev.stoa.storage.FileStore;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Exports;
import dev.stoa.testing.S3Mock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestDatabase;
import dev.stoa.testing.TestServer;
import java.io.ByteArrayOutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two nodes sharing one database and one S3-compatible bucket (S3Mock), as a cluster behind a load
 * balancer: a file uploaded through A is served by B, a temporary upload URL made by A works on B
 * (its signing key is a database secret, not a per-process one), an emoji and an export made on one
 * node are served by the other, a deletion through B is seen by A; nothing lands in a node's data
 * directory. On PostgreSQL node B also has a data directory of its own.
 */
@org.junit.jupiter.api.extension.ExtendWith(S3Mock.Started.class)
class StorageNodesTest extends StoaTestBase {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private StorageConfig bucket;
    private Stoa nodeB;
    private Path dataB;
    private String baseB;

    @Override
    protected TestServer newServer() {
        bucket = S3Mock.freshBucket();
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withStorage(bucket));
    }

    @BeforeAll
    void startSecondNode() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Config a = server.stoa.config();
        // SQLite: B must open A's database file, so it shares the data directory (and so proves less); PostgreSQL: its own.
        dataB = a.databaseUrl() == null ? a.dataDir() : Files.createTempDirectory("stoa-node-b");
        Config b = Config.parse(new String[] {"--port", String.valueOf(port), "--data-dir", dataB.toString(), "--welcome", "false"},
                a.databaseUrl() == null ? Map.of() : Map.of("STOA_DATABASE_URL", a.databaseUrl())).withStorage(bucket)
                .withLimits(1_000_000, 1_000_000, 1_000_000);
        nodeB = Stoa.start(b, Clock.systemUTC());
        baseB = "http://127.0.0.1:" + nodeB.port();
    }

    @AfterAll
    void stopSecondNode() throws Exception {
        if (nodeB != null) nodeB.close();
        if (dataB != null && !dataB.equals(server.dataDir)) delete(dataB);
    }

    private ApiClient onB(ApiClient c) {
        return new ApiClient(baseB, c.email, c.apiKey, c.userId);
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

    private static HttpResponse<byte[]> anonymousGet(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static byte[] randomBytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void anUploadThroughAIsServedByBAndATemporaryUrlFromAWorksOnB() throws Exception {
        byte[] body = randomBytes(300_000, 1);
        String url = upload(member, "chart.bin", body);
        member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "[chart](" + url + ")").success();
        assertThat(Exports.fetch(onB(admin), baseB + url).body()).isEqualTo(body);
        String temporary = admin.get(url).success().get("url").asText(); // signed by A
        HttpResponse<byte[]> viaB = anonymousGet(baseB + temporary);
        assertThat(viaB.statusCode()).isEqualTo(200);
        assertThat(viaB.body()).isEqualTo(body);
        String temporaryB = onB(admin).get(url).success().get("url").asText(); // and the other way round
        assertThat(anonymousGet(server.baseUrl + temporaryB).body()).isEqualTo(body);
        assertThat(server.dataDir.resolve("uploads")).doesNotExist();
        assertThat(dataB.resolve("uploads")).doesNotExist();
    }

    @Test
    void aDeletionThroughBRemovesTheObjectForA() {
        String url = upload(member, "gone.txt", "soon gone".getBytes(StandardCharsets.UTF_8));
        assertThat(Exports.fetch(member, server.baseUrl + url).statusCode()).isEqualTo(200);
        FileStore files = server.stoa.files();
        int before = files.list("uploads/").size();
        long id = 0;
        for (JsonNode a : member.get("/attachments").success().get("attachments")) if (url.endsWith(a.get("path_id").asText())) id = a.get("id").asLong();
        onB(member).delete("/attachments/" + id).success();
        assertThat(files.list("uploads/")).hasSize(before - 1);
        assertThat(Exports.fetch(member, server.baseUrl + url).statusCode()).isEqualTo(404);
    }

    @Test
    void anEmojiAndAnExportMadeOnOneNodeAreServedByTheOther() throws Exception {
        byte[] png = RealmEmojiTest.png(0x336699);
        RealmEmojiTest.upload(admin, "shared_logo", Map.of("f", png)).success();
        String source = null;
        for (JsonNode e : onB(member).get("/realm/emoji").success().get("emoji")) if (e.get("name").asText().equals("shared_logo")) source = e.get("source_url").asText();
        assertThat(Exports.fetch(member, baseB + source).body()).isEqualTo(png);

        byte[] body = randomBytes(10_000, 2);
        String url = upload(owner, "exported.bin", body);
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "shared"))).success();
        owner.post("/messages", "type", "stream", "to", "shared", "topic", "t", "content", "[x](" + url + ")").success();
        long exportId = owner.post("/export/realm", "export_type", "1").success().get("id").asLong();
        JsonNode done = Exports.awaitDone(owner, exportId, 120);
        assertThat(done.get("failed_timestamp").isNull()).as("the export failed").isTrue();
        String exportUrl = done.get("export_url").asText();
        byte[] zip = Exports.fetch(onB(owner), exportUrl.replace(server.baseUrl, baseB)).body();
        Map<String, byte[]> entries = Exports.entries(zip);
        assertThat(entries.values().stream().anyMatch(b -> Arrays.equals(b, body))).as("the upload is in the export").isTrue();
        assertThat(entries.values().stream().anyMatch(b -> Arrays.equals(b, png))).as("the emoji is in the export").isTrue();
        assertThat(server.stoa.files().list("exports/")).hasSize(1);
        importsIntoAFreshBucket(zip, body);
    }

    /** `./stoa import --upload-storage s3 ...`: the export's files go into the configured bucket. */
    private void importsIntoAFreshBucket(byte[] zip, byte[] body) throws Exception {
        Path work = Files.createTempDirectory("stoa-import-s3");
        String pg = TestDatabase.freshPostgresUrl();
        StorageConfig fresh = S3Mock.freshBucket();
        try {
            Path file = Files.write(work.resolve("export.zip"), zip);
            List<String> args = new ArrayList<>(List.of("import", "--file", file.toString(), "--data-dir", work.resolve("data").toString(),
                    "--upload-storage", "s3", "--s3-endpoint", fresh.endpoint(), "--s3-bucket", fresh.bucket(),
                    "--s3-access-key", fresh.accessKey(), "--s3-secret-key", fresh.secretKey()));
            if (pg != null) args.addAll(List.of("--database-url", pg));
            Cli.Result r = Cli.exec(args.toArray(String[]::new));
            assertThat(r.exit()).as(r.err()).isZero();
            try (FileStore imported = fresh.open(work)) {
                assertThat(imported.list("uploads/")).isNotEmpty()
                        .anyMatch(k -> Arrays.equals(imported.read(k).orElseThrow(), body));
                assertThat(imported.list("emoji/")).isNotEmpty();
            }
            assertThat(work.resolve("data").resolve("uploads")).doesNotExist();
        } finally {
            TestDatabase.dropPostgres(pg);
            delete(work);
        }
    }

    private static void delete(Path dir) throws Exception {
        try (var all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
