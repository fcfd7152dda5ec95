package dev.stoa.web;

import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.WebClient;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The built client at / (revalidated on every load) and its hashed assets under /static/ (cached for good). */
class WebClientPagesTest extends StoaTestBase {
    private static final Pattern SCRIPT = Pattern.compile("<script\\b([^>]*)>", Pattern.CASE_INSENSITIVE);
    private static final Pattern ASSET = Pattern.compile("(?:src|href)=\"/static/([^\"]+)\"");

    @Test
    void theIndexIsRevalidatedAndLockedDown() {
        WebClient web = new WebClient(server.baseUrl);
        HttpResponse<byte[]> r = web.page("/");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).contains("text/html; charset=utf-8");
        assertThat(r.headers().firstValue("Cache-Control")).contains("no-cache");
        String csp = r.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertThat(csp).contains("default-src 'self'", "script-src 'self';", "connect-src 'self'", "object-src 'none'", "frame-ancestors 'none'")
                .doesNotContain("unsafe-eval");
        assertThat(csp.split("script-src")[1].split(";")[0]).doesNotContain("unsafe-inline");
        assertThat(r.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(r.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        String etag = r.headers().firstValue("ETag").orElseThrow();
        HttpResponse<byte[]> again = web.page("/", "If-None-Match", etag);
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.headers().allValues("Set-Cookie")).as("the token the browser has is kept").isEmpty();
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("<title>Stoa</title>").doesNotContain("stoa-session");
        assertThat(csp).contains("frame-src https://www.youtube-nocookie.com;");
    }

    /** A signed-in session's page says so, and the client registers without asking the API who it is first. */
    @Test
    void theSignedInPageCarriesTheSessionHint() {
        WebClient web = WebClient.signedIn(server.baseUrl, "member@example.com", "secret-member@example.com");
        HttpResponse<byte[]> in = web.page("/");
        assertThat(new String(in.body(), StandardCharsets.UTF_8)).contains(WebClientHandler.SIGNED_IN_META);
        assertThat(in.headers().firstValue("ETag")).isNotEqualTo(new WebClient(server.baseUrl).page("/").headers().firstValue("ETag"));
        web.logout().success();
        assertThat(new String(web.page("/").body(), StandardCharsets.UTF_8)).doesNotContain("stoa-session");
    }

    @Test
    void unknownPathsStillAnswerTheApisJson404() {
        WebClient web = new WebClient(server.baseUrl);
        web.call("GET", "/api/v1/no/such/thing", Map.of()).error(404, "BAD_REQUEST", "Not Found");
        web.call("GET", "/json/no/such/thing", Map.of()).error(404, "BAD_REQUEST", "Not Found");
        for (String path : List.of("/no/such/page", "/static/no-such-file.js", "/static/index.html", "/static/..%2Fapplication.properties")) {
            HttpResponse<byte[]> r = web.page(path);
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(new String(r.body(), StandardCharsets.UTF_8)).as(path).isEqualTo("{\"result\":\"error\",\"msg\":\"Not Found\",\"code\":\"BAD_REQUEST\"}");
        }
    }

    /** Needs the built client (skipped with -Dstoa.web.skip=true on a clean tree). */
    @Test
    void theBuiltClientsAssetsAreHashedImmutableAndCompressed() throws IOException {
        WebClient web = new WebClient(server.baseUrl);
        String html = new String(web.page("/").body(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(getClass().getResource("/web/index.html") != null, "the web client is not built");
        Matcher s = SCRIPT.matcher(html);
        int scripts = 0;
        while (s.find()) {
            scripts++;
            assertThat(s.group(1)).as("no inline script: the CSP forbids it").contains("src=");
        }
        assertThat(scripts).isPositive();
        List<String> assets = new ArrayList<>();
        Matcher a = ASSET.matcher(html);
        while (a.find()) assets.add(a.group(1));
        assertThat(assets).anySatisfy(n -> assertThat(n).endsWith(".js")).anySatisfy(n -> assertThat(n).endsWith(".css"));
        for (String name : assets) {
            HttpResponse<byte[]> r = web.page("/static/" + name, "Accept-Encoding", "gzip");
            assertThat(r.statusCode()).as(name).isEqualTo(200);
            assertThat(r.headers().firstValue("Cache-Control")).as(name).contains("public, max-age=31536000, immutable");
            assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith(name.endsWith(".js") ? "application/javascript" : "text/css");
            assertThat(r.headers().firstValue("Content-Encoding")).contains("gzip");
            byte[] plain = web.page("/static/" + name).body();
            assertThat(new GZIPInputStream(new ByteArrayInputStream(r.body())).readAllBytes()).isEqualTo(plain);
            assertThat(r.body().length).isLessThan(plain.length);
        }
    }
}
