package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A test client for one user (or none): sends parameters as Zulip clients do (query string for
 * GET, form body otherwise, or multipart), and validates every response against the contract.
 */
public final class ApiClient {
    // HTTP/1.1: with the default HTTP/2 the JDK client's h2c upgrade makes new connections to a host
    // wait behind a pending first request, and a parked long-poll then stalls every other request
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    public enum Encoding { FORM, MULTIPART, QUERY }

    private final String baseUrl;
    public final String email;
    public final String apiKey;
    public final long userId;
    /** The User-Agent sent, or null for the JDK's own (Zulip's server names clients by it). */
    private final String userAgent;

    public ApiClient(String baseUrl, String email, String apiKey, long userId) {
        this(baseUrl, email, apiKey, userId, null);
    }

    private ApiClient(String baseUrl, String email, String apiKey, long userId, String userAgent) {
        this.baseUrl = baseUrl;
        this.email = email;
        this.apiKey = apiKey;
        this.userId = userId;
        this.userAgent = userAgent;
    }

    /** The same user as another client program, e.g. "ZulipFlutter/30.0.0+300 (Android 14)". */
    public ApiClient withUserAgent(String userAgent) {
        return new ApiClient(baseUrl, email, apiKey, userId, userAgent);
    }

    public ApiClient anonymous() {
        return new ApiClient(baseUrl, null, null, -1);
    }

    public ApiClient withCredentials(String email, String apiKey) {
        return new ApiClient(baseUrl, email, apiKey, userId, userAgent);
    }

    /** Another user, as the same client program. */
    public ApiClient withCredentials(String email, String apiKey, long userId) {
        return new ApiClient(baseUrl, email, apiKey, userId, userAgent);
    }

    /** Parameters as name/value pairs; non-string values are JSON-encoded as Zulip clients do. */
    public static Map<String, String> params(Object... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            Object v = kv[i + 1];
            m.put((String) kv[i], v instanceof String s ? s : Json.write(v));
        }
        return m;
    }

    public ApiResponse get(String path, Object... kv) { return call("GET", path, params(kv), Encoding.QUERY); }
    public ApiResponse post(String path, Object... kv) { return call("POST", path, params(kv), Encoding.FORM); }
    public ApiResponse patch(String path, Object... kv) { return call("PATCH", path, params(kv), Encoding.FORM); }
    public ApiResponse delete(String path, Object... kv) { return call("DELETE", path, params(kv), Encoding.FORM); }
    public ApiResponse put(String path, Object... kv) { return call("PUT", path, params(kv), Encoding.FORM); }

    public ApiResponse call(String method, String path, Map<String, String> params, Encoding enc) {
        return send(method, path, params, enc, Duration.ofSeconds(120));
    }

    public ApiResponse send(String method, String path, Map<String, String> params, Encoding enc, Duration timeout) {
        String url = baseUrl + "/api/v1" + path;
        HttpRequest.Builder b = HttpRequest.newBuilder().timeout(timeout);
        HttpRequest.BodyPublisher body = HttpRequest.BodyPublishers.noBody();
        if (enc == Encoding.QUERY || method.equals("GET")) {
            if (!params.isEmpty()) url += "?" + form(params);
        } else if (enc == Encoding.FORM) {
            b.header("Content-Type", "application/x-www-form-urlencoded");
            body = HttpRequest.BodyPublishers.ofString(form(params));
        } else {
            String boundary = "stoa" + UUID.randomUUID().toString().replace("-", "");
            b.header("Content-Type", "multipart/form-data; boundary=" + boundary);
            body = HttpRequest.BodyPublishers.ofByteArray(multipart(params, boundary));
        }
        b.uri(URI.create(url)).method(method, body);
        if (email != null) b.header("Authorization", basic(email, apiKey));
        if (userAgent != null) b.header("User-Agent", userAgent);
        return execute(b.build(), method, "/api/v1" + path);
    }

    /** Sends a prepared request (raw bodies, odd headers) and validates its answer. */
    public ApiResponse raw(HttpRequest request) {
        return execute(request, request.method(), request.uri().getPath());
    }

    public HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60));
        if (email != null) b.header("Authorization", basic(email, apiKey));
        if (userAgent != null) b.header("User-Agent", userAgent);
        return b;
    }

    private static ApiResponse execute(HttpRequest req, String method, String path) {
        try {
            HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
            JsonNode json = Json.parseOrNull(r.body());
            String type = r.headers().firstValue("Content-Type").orElse("");
            if (type.startsWith("application/json")) {
                ContractValidator.get().validateResponse(method, path, r.statusCode(), type, r.body());
            }
            return new ApiResponse(r.statusCode(), json, r.body(), r.headers());
        } catch (IOException e) {
            throw new AssertionError("request failed: " + method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    public static String basic(String email, String key) {
        return "Basic " + Base64.getEncoder().encodeToString((email + ":" + key).getBytes(StandardCharsets.UTF_8));
    }

    static String form(Map<String, String> params) {
        List<String> parts = new ArrayList<>();
        params.forEach((k, v) -> parts.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return String.join("&", parts);
    }

    private static byte[] multipart(Map<String, String> params, String boundary) {
        StringBuilder sb = new StringBuilder();
        params.forEach((k, v) -> sb.append("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(k).append("\"\r\n\r\n").append(v).append("\r\n"));
        sb.append("--").append(boundary).append("--\r\n");
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
