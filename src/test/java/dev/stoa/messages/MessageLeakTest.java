package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user outside a private channel or a direct conversation cannot obtain its content through any
 * endpoint, event, search or upload: every answer is checked for the secret marker.
 */
class MessageLeakTest extends StoaTestBase {
    static final String SECRET = "zanzibarquokka";

    @Test
    void outsidersSeeNothing() throws Exception {
        owner.post("/channels/create", "name", "vault", "invite_only", true, "subscribers", List.of(owner.userId, member.userId)).success();
        long vault = owner.get("/get_stream_id", "stream", "vault").success().get("stream_id").asLong();
        List<ApiClient> outsiders = List.of(admin, moderator, guest, server.createUser("outsider@example.com", "Out Sider", 400));
        List<JsonNode> queues = new ArrayList<>();
        for (ApiClient o : outsiders) {
            queues.add(o.post("/register", "all_public_streams", !o.email.equals(guest.email), "apply_markdown", true).success());
        }
        String boundary = "leakb";
        String payload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + SECRET + ".txt\"\r\n\r\n"
                + SECRET + "\r\n--" + boundary + "--\r\n";
        JsonNode up = member.raw(member.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(payload)).build()).success();
        long inChannel = member.post("/messages", "type", "stream", "to", "vault", "topic", SECRET + " topic",
                "content", SECRET + " [file](" + up.get("url").asText() + ")").success().get("id").asLong();
        long inDm = member.post("/messages", "type", "direct", "to", List.of(owner.userId), "content", SECRET + " dm").success().get("id").asLong();
        owner.patch("/messages/" + inChannel, "topic", SECRET + " renamed").success();
        owner.post("/messages/" + inDm + "/reactions", "emoji_name", "smile").success();
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < outsiders.size(); i++) {
            ApiClient o = outsiders.get(i);
            List<String> answers = new ArrayList<>();
            for (String narrow : List.of("[]", "[[\"search\",\"" + SECRET + "\"]]", "[[\"channel\"," + "\"" + vault + "\"]]",
                    "[[\"dm-including\",\"" + member.userId + "\"]]", "[[\"sender\",\"" + member.userId + "\"]]",
                    "[[\"id\",\"" + inChannel + "\"]]", "[[\"with\",\"" + inDm + "\"]]", "[[\"channels\",\"public\"]]",
                    "[[\"is\",\"dm\"]]", "[[\"has\",\"attachment\"]]")) {
                answers.add(o.get("/messages", "anchor", "oldest", "num_after", "100", "narrow", narrow).body());
            }
            for (long id : List.of(inChannel, inDm)) {
                answers.add(o.get("/messages/" + id).body());
                answers.add(o.get("/messages/" + id + "/history").body());
                answers.add(o.get("/messages/matches_narrow", "msg_ids", List.of(id), "narrow", "[]").body());
                answers.add(o.post("/messages/flags", "messages", List.of(id), "op", "add", "flag", "starred").body());
                answers.add(o.post("/messages/" + id + "/reactions", "emoji_name", "smile").body());
                answers.add(o.patch("/messages/" + id, "content", "overwritten").body());
                answers.add(o.delete("/messages/" + id).body());
            }
            answers.add(o.get("/attachments").body());
            answers.add(o.post("/register").body());
            JsonNode q = queues.get(i);
            answers.add(VerifyAction.drain(o, q.get("queue_id").asText(), q.get("last_event_id").asLong()).toString());
            HttpResponse<String> file = http.send(o.request(up.get("url").asText()).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(file.statusCode()).isEqualTo(403);
            answers.add(file.body());
            for (String a : answers) assertThat(a).as("answer to " + o.email).doesNotContain(SECRET);
        }
        // The insiders do see it.
        assertThat(member.get("/messages/" + inChannel).body()).contains(SECRET);
        assertThat(owner.get("/messages/" + inDm).body()).contains(SECRET);
    }
}
