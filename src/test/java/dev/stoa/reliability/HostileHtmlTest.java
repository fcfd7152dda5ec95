package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Suite 5, hostile HTML: every payload of {@link HtmlCorpus} through every path that turns user
 * text into HTML (message send, edit and render, channel and realm descriptions, a profile text
 * field; names through user, group and channel mentions and topics; a linkifier whose template is
 * the matched text), every HTML output parsed by {@link HtmlCheck}. 0 findings, and never a 5xx.
 */
class HostileHtmlTest extends StoaTestBase {
    private final List<String> findings = new ArrayList<>();
    private int outputs;

    private void check(String where, String payload, String html) {
        outputs++;
        for (String f : HtmlCheck.findings(html)) findings.add(where + " of " + Wire.excerpt(payload).replace("\n", "\\n") + ": " + f);
    }

    private JsonNode ok(String where, String payload, ApiResponse r) {
        if (r.status() >= 500) findings.add(where + " of " + payload + ": " + r.status());
        return r.ok() ? r.json() : null;
    }

    @Timeout(value = 5, unit = TimeUnit.MINUTES) // about 2,000 requests
    @Test
    void noPayloadReachesHtmlUnsafely() {
        long channel = Fixture.createChannel(owner, "fz public", false, true, List.of(member.userId));
        owner.post("/realm/filters", "pattern", "!lnk:(?P<url>\\S+)", "url_template", "{+url}").success();
        long field = owner.post("/realm/profile_fields", "name", "About", "field_type", "2").success().get("id").asLong();
        List<String> corpus = HtmlCorpus.all();
        int n = 0;
        for (String p : corpus) {
            JsonNode r = ok("render", p, member.post("/messages/render", "content", p));
            if (r != null) check("render", p, r.get("rendered").asText());
            JsonNode sent = ok("send", p, member.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", "html", "content", p));
            if (sent != null) {
                long id = sent.get("id").asLong();
                check("send", p, member.get("/messages/" + id).success().at("/message/content").asText());
                if (n++ % 4 == 0) {
                    String edit = "edited " + p;
                    if (ok("edit", edit, member.patch("/messages/" + id, "content", edit)) != null) {
                        check("edit", edit, member.get("/messages/" + id).success().at("/message/content").asText());
                    }
                }
            }
            if (ok("channel description", p, owner.patch("/streams/" + channel, "description", p)) != null) {
                check("channel description", p, owner.get("/streams/" + channel).success().at("/stream/rendered_description").asText());
            }
            if (ok("realm description", p, owner.patch("/realm", "description", p)) != null) {
                check("realm description", p, anonymous.get("/server_settings").success().get("realm_description").asText());
            }
            if (ok("profile field", p, member.patch("/users/me/profile_data", "data", List.of(Map.of("id", field, "value", p)))) != null) {
                JsonNode u = member.get("/users/" + member.userId, "include_custom_profile_fields", "true").success();
                check("profile field", p, u.at("/user/profile_data/" + field + "/rendered_value").asText());
            }
        }
        int names = 0;
        for (String p : HtmlCorpus.names()) {
            names++;
            if (ok("user name", p, member.patch("/settings", "full_name", p)) != null) renderBoth("user mention", p, "@**" + p + "**");
            if (ok("group name", p, member.post("/user_groups/create", "name", p.strip(), "description", "d", "members", List.of(member.userId))) != null) {
                renderBoth("group mention", p, "@*" + p.strip() + "*");
            }
            JsonNode sent = ok("topic", p, member.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", p, "content", "t"));
            if (sent != null) {
                JsonNode m = member.get("/messages/" + sent.get("id").asLong()).success().get("message");
                for (JsonNode link : m.path("topic_links")) {
                    outputs++;
                    if (!HtmlCheck.safeUrl(link.path("url").asText())) findings.add("topic link of " + p + ": " + link);
                }
                renderBoth("topic link", p, "#**fz public>" + m.get("subject").asText() + "**");
            }
        }
        System.out.println("HTML payloads=" + corpus.size() + " names=" + names + " outputs=" + outputs + " findings=" + findings.size());
        assertThat(corpus.size()).isGreaterThan(200);
        assertThat(findings).isEmpty();
    }

    private void renderBoth(String where, String payload, String content) {
        JsonNode r = ok(where, payload, member.post("/messages/render", "content", content));
        if (r != null) check(where, payload, r.get("rendered").asText());
    }
}
