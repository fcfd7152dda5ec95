package dev.stoa.invites;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** A browser's view of the server-rendered pages (sign-up, password reset): GET, and POST of a form. */
final class JoinPage {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    record Page(int status, String html) {}

    static Page get(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).GET().build());
    }

    static Page post(String url, String... kv) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) form.put(kv[i], kv[i + 1]);
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static Page send(HttpRequest r) {
        try {
            HttpResponse<String> resp = HTTP.send(r, HttpResponse.BodyHandlers.ofString());
            if (resp.statusCode() != 404 || !resp.body().startsWith("{")) {
                if (!resp.headers().firstValue("Content-Type").orElse("").startsWith("text/html")) {
                    throw new AssertionError("not an HTML page: " + resp.statusCode() + " " + resp.body());
                }
            }
            return new Page(resp.statusCode(), resp.body());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
