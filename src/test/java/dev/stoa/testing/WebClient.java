package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
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
import java.util.UUID;

/**
 * A browser as the web client uses the server: a cookie jar, sign-in at /accounts/login/, and the
 * API under /json with the session cookie and the X-CSRFToken header (which a test can leave out or
 * falsify). Every /json answer is validated against the contract like ApiClient's.
 */
public final class WebClient {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private final String baseUrl;
    /** What the browser keeps: name → value, in the order set. */
    public final Map<String, String> cookies = new LinkedHashMap<>();
    /** The X-CSRFToken header to send on every request but GET (null: none); by default the csrftoken cookie. */
    private String csrfOverride;
    private boolean sendCsrf = true;

    public WebClient(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** Loads the page (as a browser opening the printed URL) and signs in. */
    public static WebClient signedIn(String baseUrl, String email, String password) {
        WebClient w = new WebClient(baseUrl);
        w.page("/");
        w.login(email, password).success();
        return w;
    }

    public String cookie(String name) { return cookies.get(name); }

    public String csrfCookieName() { return cookies.containsKey("__Host-csrftoken") ? "__Host-csrftoken" : "csrftoken"; }

    /** Sends this header value as X-CSRFToken instead of the cookie's (null: no header at all). */
    public WebClient csrf(String header) {
        this.csrfOverride = header;
        this.sendCsrf = header != null;
        return this;
    }

    /** Back to sending the csrftoken cookie's value. */
    public WebClient csrfFromCookie() {
        this.csrfOverride = null;
        this.sendCsrf = true;
        return this;
    }

    public HttpResponse<byte[]> page(String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60)).GET();
        if (headers.length > 0) b.headers(headers);
        return exchange(b);
    }

    public ApiResponse login(String email, String password) {
        return form("POST", "/accounts/login/", ApiClient.params("username", email, "password", password), false);
    }

    public ApiResponse logout() {
        return form("POST", "/accounts/logout/", Map.of(), false);
    }

    public ApiResponse get(String path, Object... kv) { return form("GET", "/json" + path, ApiClient.params(kv), true); }
    public ApiResponse post(String path, Object... kv) { return form("POST", "/json" + path, ApiClient.params(kv), true); }
    public ApiResponse patch(String path, Object... kv) { return form("PATCH", "/json" + path, ApiClient.params(kv), true); }
    public ApiResponse delete(String path, Object... kv) { return form("DELETE", "/json" + path, ApiClient.params(kv), true); }

    /** Any path (e.g. /api/v1/users/me with only the cookie), validated as an API answer when it is JSON. */
    public ApiResponse call(String method, String path, Map<String, String> params) {
        return form(method, path, params, path.startsWith("/json/") || path.startsWith("/api/v1/"));
    }

    /** A file upload (multipart), as the compose box's. */
    public ApiResponse upload(String path, String fileName, byte[] content) {
        String boundary = "web" + UUID.randomUUID().toString().replace("-", "");
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                + "\"\r\nContent-Type: text/plain\r\n\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[head.length + content.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(content, 0, body, head.length, content.length);
        System.arraycopy(tail, 0, body, head.length + content.length, tail.length);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + "/json" + path)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        return answer("POST", "/json" + path, b, true);
    }

    private ApiResponse form(String method, String path, Map<String, String> params, boolean validate) {
        String url = baseUrl + path;
        HttpRequest.Builder b = HttpRequest.newBuilder().timeout(Duration.ofSeconds(120));
        String encoded = ApiClient.form(params);
        if (method.equals("GET")) {
            if (!encoded.isEmpty()) url += "?" + encoded;
            b.GET();
        } else {
            b.header("Content-Type", "application/x-www-form-urlencoded").method(method, HttpRequest.BodyPublishers.ofString(encoded));
        }
        b.uri(URI.create(url));
        return answer(method, path, b, validate);
    }

    private ApiResponse answer(String method, String path, HttpRequest.Builder b, boolean validate) {
        if (!method.equals("GET")) {
            String token = csrfOverride != null ? csrfOverride : cookies.get(csrfCookieName());
            if (sendCsrf && token != null) b.header("X-CSRFToken", token);
        }
        HttpResponse<byte[]> r = exchange(b);
        String body = new String(r.body(), StandardCharsets.UTF_8);
        String type = r.headers().firstValue("Content-Type").orElse("");
        if (validate && type.startsWith("application/json")) ContractValidator.get().validateResponse(method, path, r.statusCode(), type, body);
        JsonNode json = Json.parseOrNull(body);
        return new ApiResponse(r.statusCode(), json, body, r.headers());
    }

    private HttpResponse<byte[]> exchange(HttpRequest.Builder b) {
        if (!cookies.isEmpty()) {
            b.header("Cookie", String.join("; ", cookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()));
        }
        try {
            HttpResponse<byte[]> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            keep(r.headers().allValues("Set-Cookie"));
            return r;
        } catch (IOException e) {
            throw new AssertionError("request failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private void keep(List<String> setCookies) {
        for (String c : setCookies) {
            String pair = c.split(";", 2)[0];
            int eq = pair.indexOf('=');
            String name = pair.substring(0, eq).strip();
            String value = pair.substring(eq + 1).strip();
            if (value.isEmpty() || c.contains("Max-Age=0")) cookies.remove(name);
            else cookies.put(name, value);
        }
    }
}
