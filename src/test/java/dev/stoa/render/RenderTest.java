package dev.stoa.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RenderTest extends StoaTestBase {
    private String render(ApiClient c, String content) {
        return c.post("/messages/render", "content", content).success().get("rendered").asText();
    }

    @Test
    void rendersMarkdownAndMentions() {
        assertThat(render(member, "**foo**")).isEqualTo("<p><strong>foo</strong></p>");
        assertThat(render(member, "@**Iago Admin**")).contains("class=\"user-mention\"").contains("data-user-id=\"" + admin.userId + "\"");
        member.post("/messages/render").missing("content");
        anonymous.post("/messages/render", "content", "x").error(401, "UNAUTHORIZED", null);
    }

    @Test
    void mentionsSeeUsersCreatedAndRenamedLater() {
        assertThat(render(member, "@**Newcomer Person**")).doesNotContain("user-mention");
        ApiClient newcomer = server.createUser("newcomer@example.com", "Newcomer Person", 400);
        assertThat(render(member, "@**Newcomer Person**")).contains("data-user-id=\"" + newcomer.userId + "\"");
        // Two users with one name: only the |id form resolves.
        ApiClient twin = server.createUser("twin@example.com", "Newcomer Person", 400);
        assertThat(render(member, "@**Newcomer Person**")).doesNotContain("user-mention");
        assertThat(render(member, "@**Newcomer Person|" + twin.userId + "**")).contains("data-user-id=\"" + twin.userId + "\"");
    }

    @Test
    void translatesEmoticonsForSendersWhoWantIt() {
        assertThat(render(moderator, ":)")).doesNotContain("emoji");
        // Through the API: a row written behind the actions' back would not reach the log-fed caches.
        moderator.patch("/settings", "translate_emoticons", true).success();
        assertThat(render(moderator, ":)")).contains("emoji");
        assertThat(render(member, ":)")).doesNotContain("emoji");
    }

    @Test
    void thumbnailRedirectsToTheOriginal() {
        String url = "https://example.com/cat.png?x=1&y=é";
        ApiResponse r = member.raw(member.request("/thumbnail?url=" + URLEncoder.encode(url, StandardCharsets.UTF_8) + "&size=thumbnail").build());
        assertThat(r.status()).isEqualTo(302);
        assertThat(r.headers().firstValue("Location")).hasValue("https://example.com/cat.png?x=1&y=%C3%A9");
        r = member.raw(member.request("/thumbnail?url=/user_uploads/1/ab/cat.png&size=full").build());
        assertThat(r.headers().firstValue("Location")).hasValue("/user_uploads/1/ab/cat.png");
        member.raw(member.request("/thumbnail?url=https%3A%2F%2Fexample.com%2Fa.png&size=huge").build()).badRequest("Invalid size.");
        for (String bad : new String[] {"javascript:alert(1)", "//evil.example.com/x.png", "https://a b", "data:image/png;base64,AA"}) {
            member.raw(member.request("/thumbnail?url=" + URLEncoder.encode(bad, StandardCharsets.UTF_8)).build()).badRequest("Invalid URL");
        }
        member.raw(member.request("/thumbnail").build()).missing("url");
        assertThat(anonymous.raw(anonymous.request("/thumbnail?url=https%3A%2F%2Fexample.com%2Fa.png").build()).status()).isEqualTo(401);
        assertThat(member.raw(member.request("/nowhere").build()).status()).isEqualTo(404);
    }
}
