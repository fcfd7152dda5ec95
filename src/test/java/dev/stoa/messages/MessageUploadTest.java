package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.Config;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Uploads: upload, link on send, access to the file, listing, detaching on edit, deleting. */
class MessageUploadTest extends StoaTestBase {
    static final HttpClient HTTP = HttpClient.newHttpClient();
    /** GET /attachments: the state attachment events keep up to date (register holds none). */
    static final Function<ApiClient, JsonNode> ATTACHMENTS = c -> c.get("/attachments").success();

    /** Where the files go: the data directory here; MessageUploadS3Test runs the same tests on a bucket. */
    protected Config storage(Config c) {
        return c;
    }

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> storage(c.withLimits(1_000_000, 1_000_000, 1_000_000)));
    }

    JsonNode upload(ApiClient c, String name, String body) {
        return c.call("POST", "/user_uploads", Map.of(), ApiClient.Encoding.MULTIPART) == null ? null
                : uploadRaw(c, name, body);
    }

    JsonNode uploadRaw(ApiClient c, String name, String body) {
        String boundary = "b0undary";
        String payload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name + "\"\r\n"
                + "Content-Type: text/plain\r\n\r\n" + body + "\r\n--" + boundary + "--\r\n";
        var req = c.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(payload)).build();
        return c.raw(req).success();
    }

    int fetch(ApiClient c, String url) throws Exception {
        HttpResponse<String> r = HTTP.send(c.request(url).GET().build(), HttpResponse.BodyHandlers.ofString());
        return r.statusCode();
    }

    /** The owner's attachment behind an upload URL, as GET /attachments lists it. */
    static JsonNode attachment(ApiClient owner, String url) {
        for (JsonNode a : owner.get("/attachments").success().get("attachments")) if (url.endsWith("/" + a.get("path_id").asText())) return a;
        throw new AssertionError("no attachment for " + url);
    }

    @Test
    void uploadLinkAndAccess() throws Exception {
        JsonNode up = uploadRaw(member, "../../etc/passwd notes.txt", "secret file body");
        String url = up.get("url").asText();
        assertThat(url).startsWith("/user_uploads/1/").doesNotContain("..");
        assertThat(fetch(member, url)).isEqualTo(200);
        assertThat(fetch(admin, url)).isEqualTo(403);
        assertThat(admin.get(url).status()).isEqualTo(403);
        long id = member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "[notes](" + url + ")").success().get("id").asLong();
        assertThat(fetch(admin, url)).isEqualTo(200);
        assertThat(fetch(guest, url)).isEqualTo(403);
        // The API path answers a temporary URL that works without credentials (mobile clients load images with it).
        String temporary = admin.get(url).success().get("url").asText();
        assertThat(temporary).startsWith("/user_uploads/temporary/").endsWith("/passwd-notes.txt");
        HttpResponse<String> anonymous = HTTP.send(HttpRequest.newBuilder(URI.create(server.baseUrl + temporary))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(anonymous.statusCode()).isEqualTo(200);
        assertThat(anonymous.body()).isEqualTo("secret file body");
        String forged = temporary.replaceFirst("/temporary/([^./]+)\\.", "/temporary/$1x.");
        assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(server.baseUrl + forged)).GET().build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
        assertThat(fetch(member, "/user_uploads/1/00/nothing/here.txt")).isEqualTo(404);
        JsonNode att = attachment(member, url);
        assertThat(att.get("message_ids").toString()).contains(String.valueOf(id));
        JsonNode edit = member.patch("/messages/" + id, "content", "no more file").success();
        assertThat(edit.get("detached_uploads").get(0).get("path_id").asText()).isEqualTo(att.get("path_id").asText());
        assertThat(fetch(admin, url)).isEqualTo(403);
        admin.delete("/attachments/" + att.get("id").asLong()).badRequest("Invalid attachment");
        VerifyAction.as(member).plusState(ATTACHMENTS).events("attachment/remove").run(() -> member.delete("/attachments/" + att.get("id").asLong()).success());
        assertThat(fetch(member, url)).isEqualTo(404);
    }

    @Test
    void temporaryUrlsExpireAfterAMinute() throws Exception {
        MutableClock clock = new MutableClock();
        try (TestServer other = new TestServer(this::storage, clock)) {
            String url = uploadRaw(other.member, "later.txt", "soon gone").get("url").asText();
            String temporary = other.member.get(url).success().get("url").asText();
            URI uri = URI.create(other.baseUrl + temporary);
            clock.advance(Duration.ofSeconds(59));
            assertThat(HTTP.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode())
                    .isEqualTo(200);
            clock.advance(Duration.ofSeconds(2));
            assertThat(HTTP.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode())
                    .isEqualTo(404);
        }
    }

    @Test
    void uploadEvent() {
        List<JsonNode> events = VerifyAction.as(member).plusState(ATTACHMENTS).events("attachment/add").run(() -> uploadRaw(member, "a.txt", "x"));
        assertThat(events.getFirst().get("upload_space_used").asLong()).isPositive();
    }

    /**
     * A send or an edit that claims an upload tells its uploader, as Zulip's do_claim_attachments
     * does: an attachment update (the file's message_ids now name the message) in the same
     * transaction, before the message's own event. Only newly referenced uploads do.
     */
    @Test
    void claimingAnUploadUpdatesTheUploadersAttachment() {
        String url = uploadRaw(member, "claimed.txt", "claimed body").get("url").asText();
        List<JsonNode> sent = VerifyAction.as(member).plusState(ATTACHMENTS).events("attachment/update", "message")
                .run(() -> member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "[file](" + url + ")").success());
        long first = sent.get(1).get("message").get("id").asLong();
        assertThat(sent.get(0).get("attachment").get("message_ids")).extracting(JsonNode::asLong).containsExactly(first);
        // the recipient hears of the message only
        long second = VerifyAction.as(admin).events("message").run(() ->
                member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "no file yet").success())
                .getFirst().get("message").get("id").asLong();
        List<JsonNode> edited = VerifyAction.as(member).plusState(ATTACHMENTS).events("attachment/update", "update_message")
                .run(() -> member.patch("/messages/" + second, "content", "now [the file](" + url + ")").success());
        assertThat(edited.get(0).get("attachment").get("message_ids")).extracting(JsonNode::asLong).containsExactly(first, second);
        // an edit that keeps the reference claims nothing new
        VerifyAction.as(member).plusState(ATTACHMENTS).events("update_message").noStateChange()
                .run(() -> member.patch("/messages/" + second, "content", "still [the file](" + url + ")").success());
    }
}
