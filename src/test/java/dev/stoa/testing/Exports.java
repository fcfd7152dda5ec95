package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Test helpers for data exports: wait for one to finish (with a deadline), download it, read its entries. */
public final class Exports {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Exports() {}

    /** GET /export/realm's entry for the export, once it is no longer pending (fails after `seconds`). */
    public static JsonNode awaitDone(ApiClient admin, long id, int seconds) {
        long deadline = Await.deadline(seconds);
        while (true) {
            for (JsonNode e : admin.get("/export/realm").success().get("exports")) {
                if (e.get("id").asLong() == id && !e.get("pending").asBoolean()) return e;
            }
            Await.before(deadline, "export " + id + " to finish");
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** GET url with the client's Basic credentials: status and bytes. */
    public static HttpResponse<byte[]> fetch(ApiClient c, String url) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).GET();
        if (c.email != null) b.header("Authorization", ApiClient.basic(c.email, c.apiKey));
        try {
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new AssertionError("GET " + url + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The zip's entries, name → bytes. */
    public static Map<String, byte[]> entries(byte[] zip) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) out.put(e.getName(), in.readAllBytes());
        } catch (IOException e) {
            throw new AssertionError("not a zip", e);
        }
        return out;
    }

    /** A table's rows in an export (one JSON object a line). */
    public static List<JsonNode> rows(Map<String, byte[]> entries, String table) {
        byte[] b = entries.get("tables/" + table + ".jsonl");
        if (b == null) throw new AssertionError("no table " + table + " in the export");
        return new String(b, StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).map(Json::parse).toList();
    }
}
