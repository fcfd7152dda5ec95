package dev.stoa.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.zip.GZIPInputStream;

/**
 * The load generator's HTTP client: Basic auth and form bodies, without the test client's contract
 * validation (checking every answer would cost the generator more CPU than the server spends).
 */
final class BenchHttp {
    record Cred(long id, String email, String key) {
        String basic() {
            return "Basic " + Base64.getEncoder().encodeToString((email + ":" + key).getBytes(StandardCharsets.UTF_8));
        }
    }

    record Answer(int status, String body) {
        JsonNode json() {
            try {
                return Json.MAPPER.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException("not JSON: " + body, e);
            }
        }
    }

    /** A request answered with anything but 200: an error for the figures. */
    static final class Failed extends RuntimeException {
        Failed(String msg) { super(msg, null, false, false); }
    }

    private final HttpClient client = HttpClient.newBuilder().executor(Executors.newVirtualThreadPerTaskExecutor())
            .connectTimeout(Duration.ofSeconds(10)).build();
    final String base;

    BenchHttp(String base) {
        this.base = base;
    }

    /** The request on its way; completes exceptionally (Failed) unless the answer is a 200. */
    CompletableFuture<Answer> async(String method, String path, Cred as, String... kv) {
        return client.sendAsync(request(method, path, as, kv), HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
            if (r.statusCode() != 200) throw new Failed(method + " " + path + ": " + r.statusCode() + " " + r.body());
            return new Answer(r.statusCode(), r.body());
        });
    }

    /** Waits for the answer; throws Failed unless it is a 200. */
    Answer call(String method, String path, Cred as, String... kv) {
        try {
            return async(method, path, as, kv).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** An answer as it came, asking for {@code Accept-Encoding: gzip} or not: its size on the wire and its JSON. */
    record Sized(long wireBytes, JsonNode json) {}

    Sized sized(String method, String path, Cred as, boolean gzip) throws IOException, InterruptedException {
        HttpRequest plain = request(method, path, as);
        HttpRequest r = gzip ? HttpRequest.newBuilder(plain, (k, v) -> true).header("Accept-Encoding", "gzip").build() : plain;
        HttpResponse<byte[]> a = client.send(r, HttpResponse.BodyHandlers.ofByteArray());
        if (a.statusCode() != 200) throw new Failed(method + " " + path + ": " + a.statusCode());
        boolean zipped = a.headers().firstValue("Content-Encoding").orElse("").equals("gzip");
        byte[] body = zipped ? new GZIPInputStream(new ByteArrayInputStream(a.body())).readAllBytes() : a.body();
        return new Sized(a.body().length, Json.MAPPER.readTree(body));
    }

    JsonNode json(String method, String path, Cred as, String... kv) {
        return call(method, path, as, kv).json();
    }

    private HttpRequest request(String method, String path, Cred as, String... kv) {
        StringBuilder form = new StringBuilder();
        for (int i = 0; i < kv.length; i += 2) {
            if (!form.isEmpty()) form.append('&');
            form.append(URLEncoder.encode(kv[i], StandardCharsets.UTF_8)).append('=').append(URLEncoder.encode(kv[i + 1], StandardCharsets.UTF_8));
        }
        boolean query = method.equals("GET") || method.equals("DELETE");
        String url = base + "/api/v1" + path + (query && !form.isEmpty() ? "?" + form : "");
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(3));
        if (as != null) b.header("Authorization", as.basic());
        if (query) return b.method(method, HttpRequest.BodyPublishers.noBody()).build();
        return b.header("Content-Type", "application/x-www-form-urlencoded").method(method, HttpRequest.BodyPublishers.ofString(form.toString())).build();
    }
}
