package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ContractValidator;
import dev.stoa.testing.StoaTestBase;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** API answers come gzip-encoded when the client accepts it and they are large enough; the same JSON either way. */
class ApiCompressionTest extends StoaTestBase {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private record Answer(int status, String contentType, String encoding, String body, int wireBytes) {}

    private static Answer get(ApiClient c, String path, boolean gzip) throws Exception {
        HttpRequest.Builder b = c.request(path).GET();
        if (gzip) b.header("Accept-Encoding", "gzip");
        HttpResponse<byte[]> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        String encoding = r.headers().firstValue("Content-Encoding").orElse(null);
        byte[] bytes = "gzip".equals(encoding) ? gunzip(r.body()) : r.body();
        return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), encoding,
                new String(bytes, StandardCharsets.UTF_8), r.body().length);
    }

    private static byte[] gunzip(byte[] body) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }

    @Test
    void aLargeAnswerIsGzipEncodedWhenAcceptedAndTheSameJsonAfterDecoding() throws Exception {
        for (int i = 0; i < 5; i++) server.createUser("many" + i + "@example.com", "Many " + i, 400);
        Answer zipped = get(owner, "/api/v1/users", true), plain = get(owner, "/api/v1/users", false);
        assertThat(plain.encoding()).isNull();
        assertThat(plain.body().length()).isGreaterThan(ApiCompression.MIN_BYTES);
        assertThat(zipped.encoding()).isEqualTo("gzip");
        assertThat(zipped.wireBytes()).isLessThan(plain.wireBytes());
        assertThat(zipped.status()).isEqualTo(200);
        ContractValidator.get().validateResponse("GET", "/api/v1/users", zipped.status(), zipped.contentType(), zipped.body());
        assertThat(Json.MAPPER.readTree(zipped.body())).isEqualTo(Json.MAPPER.readTree(plain.body()));
    }

    @Test
    void aSmallAnswerGoesPlain() throws Exception {
        Answer a = get(owner, "/api/v1/users/me/alert_words", true);
        assertThat(a.body().length()).isLessThan(ApiCompression.MIN_BYTES);
        assertThat(a.encoding()).isNull();
        assertThat(Json.MAPPER.readTree(a.body()).get("result").asText()).isEqualTo("success");
    }

    @Test
    void uploadedFilesGoAsStored() throws Exception {
        String text = "compressible ".repeat(1000);
        String boundary = "b0undary";
        String payload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\n" + text + "\r\n--" + boundary + "--\r\n";
        JsonNode up = member.raw(member.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(payload)).build()).success();
        Answer file = get(member, up.get("url").asText(), true);
        assertThat(file.status()).isEqualTo(200);
        assertThat(file.encoding()).isNull();
        assertThat(file.body()).isEqualTo(text);
    }
}
