package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import java.awt.image.BufferedImage;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 26, item 4, with --gravatar false (Zulip's ENABLE_GRAVATAR off): people without an uploaded
 * avatar get an image Stoa draws and serves itself, so nothing leaves for gravatar.com and a client
 * cannot compute it (client_gravatar changes nothing).
 */
class AvatarNoGravatarTest extends StoaTestBase {
    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withExtras(c.extras().withGravatar(false)));
    }

    @Test
    void defaultAvatarsAreStoasOwn() throws Exception {
        JsonNode state = owner.post("/register", "client_gravatar", true, "fetch_event_types", List.of("realm_user"), "event_types", List.of("message")).success();
        String url = null;
        for (JsonNode u : state.get("realm_users")) if (u.get("user_id").asLong() == member.userId) url = u.get("avatar_url").asText(null);
        assertThat(url).matches("/user_avatars/1/default/[0-9a-f]{40}\\.png\\?version=1");
        assertThat(owner.get("/users/" + member.userId).success().at("/user/avatar_url").asText()).isEqualTo(url);

        BufferedImage small = AvatarTest.decode(get(url).body()), medium = AvatarTest.decode(get(url.replace(".png?", "-medium.png?")).body());
        assertThat(small.getWidth()).isEqualTo(100);
        assertThat(medium.getWidth()).isEqualTo(500);
        assertThat(get("/user_avatars/1/default/not-a-hash.png").statusCode()).isEqualTo(404);

        HttpResponse<byte[]> redirect = AvatarTest.HTTP.send(HttpRequest.newBuilder(URI.create(server.baseUrl + "/avatar/" + member.userId))
                .header("Authorization", ApiClient.basic(owner.email, owner.apiKey)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(AvatarTest.location(redirect)).isEqualTo(url);

        // a message's avatar_url, in GET /messages and in a client_gravatar queue's event
        String queue = state.get("queue_id").asText();
        long id = member.post("/messages", "type", "private", "to", List.of(owner.userId), "content", "hello").success().get("id").asLong();
        assertThat(owner.get("/messages/" + id, "client_gravatar", true).success().at("/message/avatar_url").asText()).isEqualTo(url);
        JsonNode events = owner.get("/events", "queue_id", queue, "last_event_id", state.get("last_event_id").asText()).success().get("events");
        assertThat(events.get(0).at("/message/avatar_url").asText()).isEqualTo(url);
    }

    private HttpResponse<byte[]> get(String path) throws Exception {
        return AvatarTest.HTTP.send(HttpRequest.newBuilder(URI.create(server.baseUrl + path)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
