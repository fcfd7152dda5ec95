package dev.stoa.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ContractValidator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Requests as bytes on the wire, so that the reliability suites can send what ApiClient never
 * would (invalid UTF-8, duplicated parameters, wrong content types, broken multipart), and the
 * checks every answer must pass: no 5xx, Zulip's error shape, the contract.
 */
final class Wire {
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    /** One request: the path (with its /api/v1 prefix and query), the headers that matter, the body. */
    record Req(String method, String path, String authorization, String contentType, byte[] body, String description) {
        String summary() {
            String b = body == null ? "" : body.length > 300 ? new String(body, 0, 300, StandardCharsets.ISO_8859_1) + "...(" + body.length + " bytes)"
                    : new String(body, StandardCharsets.ISO_8859_1);
            String p = path.length() > 300 ? path.substring(0, 300) + "...(" + path.length() + " chars)" : path;
            return method + " " + p + " [" + description + "] content-type=" + contentType + " body=" + b.replace("\r\n", "\\r\\n");
        }
    }

    record Answer(int status, String body, JsonNode json, long millis, String contentType) {}

    static String basic(String email, String key) {
        return "Basic " + Base64.getEncoder().encodeToString((email + ":" + key).getBytes(StandardCharsets.UTF_8));
    }

    static Answer send(String baseUrl, Req r) throws InterruptedException {
        return send(baseUrl, r, Duration.ofSeconds(60));
    }

    static Answer send(String baseUrl, Req r, Duration timeout) throws InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + r.path())).timeout(timeout);
        if (r.authorization() != null) b.header("Authorization", r.authorization());
        if (r.contentType() != null) b.header("Content-Type", r.contentType());
        b.method(r.method(), r.body() == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(r.body()));
        long start = System.nanoTime();
        try {
            HttpResponse<String> resp = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            long ms = (System.nanoTime() - start) / 1_000_000;
            return new Answer(resp.statusCode(), resp.body(), Json.parseOrNull(resp.body()), ms,
                    resp.headers().firstValue("Content-Type").orElse(""));
        } catch (IOException e) {
            long ms = (System.nanoTime() - start) / 1_000_000;
            return new Answer(-1, e.toString(), null, ms, "");
        }
    }

    /** What is wrong with an answer (empty: nothing): 5xx, a non-Zulip error, a contract violation. */
    static List<String> problems(Req r, Answer a) {
        List<String> out = new ArrayList<>();
        if (a.status() < 0) out.add("no answer: " + a.body());
        else if (a.status() >= 500) out.add("server error " + a.status() + ": " + excerpt(a.body()));
        if (a.status() >= 400 && !zulipError(a)) out.add("not Zulip's error shape (" + a.status() + ", " + a.contentType() + "): " + excerpt(a.body()));
        // Refusals before routing (a URI or headers over the limit, a path Jetty will not normalize) have
        // no operation to check against; they are checked for Zulip's shape above.
        boolean transport = a.status() == 414 || a.status() == 431 || a.status() == 413
                || (a.status() == 400 && "Bad Request".equals(a.json() == null ? null : a.json().path("msg").asText()));
        if (a.status() > 0 && a.contentType().startsWith("application/json") && r.path().startsWith("/api/v1/") && !transport) {
            try {
                ContractValidator.get().validateResponse(r.method(), r.path(), a.status(), a.contentType(), a.body());
            } catch (AssertionError e) {
                // A documented 4xx describes one specific error; a generic refusal (malformed input) of the same
                // status is Zulip's too, and only lacks that error's extra fields.
                boolean generic = a.status() < 500 && zulipError(a) && e.getMessage().contains("missing required properties");
                if (!generic) out.add(e.getMessage().replace(r.path(), excerpt(r.path())));
            }
        }
        return out;
    }

    static boolean zulipError(Answer a) {
        JsonNode j = a.json();
        return a.contentType().startsWith("application/json") && j != null && "error".equals(j.path("result").asText())
                && j.path("msg").isTextual() && j.path("code").isTextual() && !j.path("code").asText().isEmpty();
    }

    static String excerpt(String s) {
        return s == null ? "" : s.length() > 400 ? s.substring(0, 200) + "..." + s.substring(s.length() - 150) + " (" + s.length() + " chars)" : s;
    }

    static String form(List<String[]> params) {
        List<String> parts = new ArrayList<>();
        for (String[] p : params) parts.add(enc(p[0]) + "=" + enc(p[1]));
        return String.join("&", parts);
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static byte[] multipart(List<String[]> params, String boundary) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String[] p : params) {
            out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + p[0] + "\"\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            out.writeBytes(p[1].getBytes(StandardCharsets.UTF_8));
            out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
