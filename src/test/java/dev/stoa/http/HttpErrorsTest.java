package dev.stoa.http;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ContractValidator;
import dev.stoa.testing.StoaTestBase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every failure of the HTTP layer is a JSON error in Zulip's shape, never a 500. */
class HttpErrorsTest extends StoaTestBase {
    @Test
    void unknownRouteIs404() {
        member.get("/no/such/route").error(404, "BAD_REQUEST", "Not Found");
        member.post("/users/me/nothing/here").error(404, "BAD_REQUEST", "Not Found");
        anonymous.get("/nonexistent").error(404, "BAD_REQUEST", "Not Found");
    }

    @Test
    void wrongMethodIs405() {
        member.put("/users/me").error(405, "BAD_REQUEST", "Method Not Allowed");
        member.call("PUT", "/realm/profile_fields", Map.of(), ApiClient.Encoding.FORM)
                .error(405, "BAD_REQUEST", "Method Not Allowed");
    }

    @Test
    void malformedPercentEncodingIs400() throws Exception {
        for (String body : new String[] {"full_name=%zz", "full_name=%4", "full_name=abc%"}) {
            var req = admin.request("/api/v1/users/" + guest.userId).header("Content-Type", "application/x-www-form-urlencoded")
                    .method("PATCH", HttpRequest.BodyPublishers.ofString(body)).build();
            admin.raw(req).badRequest("Malformed request: invalid encoding of parameters.");
        }
        String[] r = rawHttp("GET /api/v1/users?client_gravatar=%G1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
                + ApiClient.basic(admin.email, admin.apiKey) + "\r\nConnection: close\r\n\r\n", null);
        assertThat(r[0]).startsWith("HTTP/1.1 400");
        assertThat(r[1]).contains("Malformed request: invalid encoding of parameters.");
        ContractValidator.get().validateResponse("GET", "/api/v1/users", 400, "application/json", r[1]);
    }

    @Test
    void invalidUtf8Is400() {
        byte[] form = "full_name=%C3%28".getBytes(StandardCharsets.US_ASCII);
        var req = admin.request("/api/v1/users/" + guest.userId).header("Content-Type", "application/x-www-form-urlencoded")
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(form)).build();
        admin.raw(req).badRequest("Malformed request: invalid encoding of parameters.");
        String boundary = "b0undary";
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"full_name\"\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(head);
        b.writeBytes(new byte[] {(byte) 0xff, (byte) 0xfe, 'x'});
        b.writeBytes(tail);
        var multi = admin.request("/api/v1/users/" + guest.userId).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(b.toByteArray())).build();
        admin.raw(multi).badRequest("Malformed request: invalid encoding of parameters.");
    }

    @Test
    void brokenMultipartIs400() {
        var req = admin.request("/api/v1/users/" + guest.userId).header("Content-Type", "multipart/form-data")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("garbage")).build();
        admin.raw(req).badRequest("Malformed request: invalid encoding of parameters.");
        var req2 = admin.request("/api/v1/users/" + guest.userId).header("Content-Type", "multipart/form-data; boundary=zz")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("--zz\r\nnonsense")).build();
        assertThat(admin.raw(req2).status()).isEqualTo(400);
    }

    @Test
    void hugeUrisAndHeadersAreJsonErrors() throws Exception {
        String auth = "Authorization: " + ApiClient.basic(admin.email, admin.apiKey) + "\r\n";
        // Up to 64 KiB of request line and headers is served (long user_ids lists in a GET).
        String[] ok = rawHttp("GET /api/v1/users?user_ids=[" + (admin.userId + ",").repeat(6000) + admin.userId + "] HTTP/1.1\r\n"
                + "Host: 127.0.0.1\r\n" + auth + "Connection: close\r\n\r\n", null);
        assertThat(ok[0]).startsWith("HTTP/1.1 200");
        for (int size : new int[] {70_000, 200_000}) {
            String[] uri = rawHttp("GET /api/v1/users?x=" + "a".repeat(size) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth
                    + "Connection: close\r\n\r\n", null);
            assertJsonError(uri, 414);
            String[] header = rawHttp("GET /api/v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "X-Big: " + "b".repeat(size)
                    + "\r\nConnection: close\r\n\r\n", null);
            assertJsonError(header, 431);
        }
        String[] garbage = rawHttp("NONSENSE\r\n\r\n", null);
        assertJsonError(garbage, 400);
        admin.get("/users/me").success();
    }

    private static void assertJsonError(String[] response, int status) {
        assertThat(response[0]).startsWith("HTTP/1.1 " + status).containsIgnoringCase("Content-Type: application/json")
                .containsIgnoringCase("Connection: close");
        var json = Json.parse(response[1]);
        assertThat(json.get("result").asText()).isEqualTo("error");
        assertThat(json.get("code").asText()).isEqualTo("BAD_REQUEST");
        assertThat(json.get("msg").asText()).isNotEmpty();
        assertThat(json.size()).isEqualTo(3);
    }

    @Test
    void badJsonInsideAFieldIs400() {
        admin.patch("/users/" + member.userId, "profile_data", "[{").badRequest("profile_data is not valid JSON");
    }

    @Test
    void oversizedBodyIs413() throws Exception {
        // Declared by Content-Length: refused before the body is read.
        String head = "POST /api/v1/realm/profile_fields HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Authorization: " + ApiClient.basic(admin.email, admin.apiKey) + "\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + (HttpFront.MAX_BODY_BYTES + 1) + "\r\n\r\n";
        String[] r = rawHttp(head, "name=x");
        assertThat(r[0]).startsWith("HTTP/1.1 413").containsIgnoringCase("Connection: close");
        assertThat(r[1]).contains("\"code\":\"BAD_REQUEST\"").contains("\"result\":\"error\"");
        ContractValidator.get().validateResponse("POST", "/api/v1/realm/profile_fields", 413, "application/json", r[1]);
    }

    /** Sends raw bytes (what HttpClient refuses to send); returns the status line + headers, and the body. */
    private String[] rawHttp(String head, String body) throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.stoa.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            if (body != null) out.write(body.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String response = readResponse(s.getInputStream());
            int split = response.indexOf("\r\n\r\n");
            return new String[] {response.substring(0, split), response.substring(split + 4).strip()};
        }
    }

    @Test
    void oversizedChunkedBodyIs413() throws Exception {
        byte[] chunk = new byte[1024 * 1024];
        Arrays.fill(chunk, (byte) 'a');
        var req = admin.request("/api/v1/realm/profile_fields").header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new InputStream() {
                    long left = HttpFront.MAX_BODY_BYTES + 2L * chunk.length;
                    @Override public int read() { return left-- > 0 ? 'a' : -1; }
                    @Override public int read(byte[] b, int off, int len) {
                        if (left <= 0) return -1;
                        int n = (int) Math.min(len, left);
                        Arrays.fill(b, off, off + n, (byte) 'a');
                        left -= n;
                        return n;
                    }
                })).build();
        // Its own client: the server closes this connection mid-upload, which must not touch the shared pool.
        try (var http = HttpClient.newHttpClient()) {
            var r = http.send(req, HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(413);
            assertThat(r.headers().firstValue("Connection")).contains("close");
            ContractValidator.get().validateResponse("POST", "/api/v1/realm/profile_fields", 413, "application/json", r.body());
        } catch (IOException e) {
            // The server may close the connection before the client reads the answer: never a 500 either way.
        }
    }

    private static String readResponse(InputStream in) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] b = new byte[8192];
        int n;
        while ((n = in.read(b)) > 0) {
            buf.write(b, 0, n);
            String s = buf.toString(StandardCharsets.UTF_8);
            int end = s.indexOf("\r\n\r\n");
            if (end > 0) {
                int cl = s.toLowerCase().indexOf("content-length: ");
                if (cl > 0) {
                    int len = Integer.parseInt(s.substring(cl + 16, s.indexOf("\r\n", cl)).strip());
                    if (buf.size() >= end + 4 + len) break;
                }
            }
        }
        return buf.toString(StandardCharsets.UTF_8);
    }
}
