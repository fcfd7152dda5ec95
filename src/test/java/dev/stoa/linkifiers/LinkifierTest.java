package dev.stoa.linkifiers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LinkifierTest extends StoaTestBase {
    private static final Object[] MODERN = {"client_capabilities", Map.of("linkifier_url_template", true)};

    private long add(String pattern, String url) {
        return admin.post("/realm/filters", "pattern", pattern, "url_template", url).success().get("id").asLong();
    }

    private JsonNode list() {
        return member.get("/realm/linkifiers").success().get("linkifiers");
    }

    @Test
    @Order(1)
    void addUpdateReorderDeleteWithEvents() {
        long[] ids = new long[2];
        List<JsonNode> events = VerifyAction.verify(member, MODERN, () -> ids[0] = add("#(?P<id>[0-9]+)", "https://github.com/zulip/zulip/issues/{id}"));
        JsonNode l = events.getFirst().get("realm_linkifiers").get(0);
        assertThat(l.get("id").asLong()).isEqualTo(ids[0]);
        assertThat(l.get("example_input").isNull()).isTrue();
        assertThat(l.get("alternative_url_templates").size()).isZero();

        VerifyAction.verify(member, MODERN, () -> ids[1] = add("PR (?P<id>[0-9]+)", "https://example.com/pr/{id}"));
        VerifyAction.verify(member, MODERN, () -> admin.patch("/realm/filters/" + ids[0], "pattern", " T(?P<id>[0-9]+) ",
                "url_template", "https://trac.example.com/{id}", "example_input", "T42", "reverse_template", "T{id}",
                "alternative_url_templates", List.of("https://trac.example.com/ticket/{id}")).success());
        JsonNode first = list().get(0);
        assertThat(first.get("pattern").asText()).isEqualTo("T(?P<id>[0-9]+)");
        assertThat(first.get("example_input").asText()).isEqualTo("T42");
        assertThat(first.get("reverse_template").asText()).isEqualTo("T{id}");
        assertThat(first.get("alternative_url_templates").get(0).asText()).isEqualTo("https://trac.example.com/ticket/{id}");

        VerifyAction.verify(member, MODERN, () -> admin.patch("/realm/linkifiers", "ordered_linkifier_ids", List.of(ids[1], ids[0])).success());
        assertThat(list().get(0).get("id").asLong()).isEqualTo(ids[1]);

        // Omitted optional fields keep their value; the empty string resets to null.
        admin.patch("/realm/filters/" + ids[0], "pattern", "T(?P<id>[0-9]+)", "url_template", "https://trac.example.com/{id}").success();
        assertThat(list().get(1).get("reverse_template").asText()).isEqualTo("T{id}");
        admin.patch("/realm/filters/" + ids[0], "pattern", "T(?P<id>[0-9]+)", "url_template", "https://trac.example.com/{id}",
                "example_input", "", "reverse_template", "").success();
        assertThat(list().get(1).get("example_input").isNull()).isTrue();
        assertThat(list().get(1).get("reverse_template").isNull()).isTrue();

        VerifyAction.verify(member, MODERN, () -> admin.delete("/realm/filters/" + ids[1]).success());
        VerifyAction.verify(member, MODERN, () -> admin.delete("/realm/filters/" + ids[0]).success());
        assertThat(list()).isEmpty();
    }

    @Test
    @Order(2)
    void clientsWithoutTheCapabilityGetNothing() {
        long[] id = new long[1];
        VerifyAction.as(member).events(0).noStateChange().run(() -> id[0] = add("X(?P<n>[0-9]+)", "https://x.example.com/{n}"));
        JsonNode state = member.post("/register", "fetch_event_types", List.of("realm_linkifiers", "realm_filters")).success();
        assertThat(state.get("realm_linkifiers")).isEmpty();
        assertThat(state.get("realm_filters")).isEmpty();
        JsonNode modern = member.post("/register", MODERN[0], MODERN[1]).success();
        assertThat(modern.get("realm_linkifiers")).hasSize(1);
        admin.delete("/realm/filters/" + id[0]).success();
    }

    @Test
    @Order(3)
    void renderingUsesTheCurrentLinkifiers() {
        long id = add("#(?P<id>[0-9]+)", "https://github.com/zulip/zulip/issues/{id}");
        String html = member.post("/messages/render", "content", "see #123").success().get("rendered").asText();
        assertThat(html).contains("href=\"https://github.com/zulip/zulip/issues/123\"");
        admin.delete("/realm/filters/" + id).success();
        html = member.post("/messages/render", "content", "see #123").success().get("rendered").asText();
        assertThat(html).doesNotContain("href");
    }

    @Test
    @Order(4)
    void zulipErrors() {
        String url = "https://example.com/{id}";
        member.post("/realm/filters", "pattern", "#(?P<id>[0-9]+)", "url_template", url)
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        moderator.delete("/realm/filters/1").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        bad(admin.post("/realm/filters", "pattern", "(foo", "url_template", url), "Bad regular expression: missing ): (foo");
        bad(admin.post("/realm/filters", "pattern", "#(?P<id>[0-9]+)", "url_template", "https://example.com/{id"), "Invalid URL template.");
        bad(admin.post("/realm/filters", "pattern", "#(?P<id>[0-9]+)", "url_template", "https://example.com/{x}"),
                "Group 'x' in URL template is not present in linkifier pattern.");
        bad(admin.post("/realm/filters", "pattern", "#(?P<id>[0-9]+)(?P<b>x)", "url_template", url),
                "Group 'b' in linkifier pattern is not present in URL template.");
        // re2j has no memory limit: nested counted repetitions are refused before compiling.
        bad(admin.post("/realm/filters", "pattern", "#(?P<id>((a{1000}){1000}){1000})", "url_template", url),
                "Bad regular expression: pattern too large - compile failed");
        bad(admin.post("/realm/filters", "pattern", "#(?P<id>(?:(?:[a-z]{100}){100}){100})", "url_template", url),
                "Bad regular expression: pattern too large - compile failed");
        admin.delete("/realm/filters/" + add("#(?P<id>[0-9]{1,1000})", url)).success();
        admin.post("/realm/filters", "pattern", "#(?P<id>[0-9]+)").missing("url_template");
        admin.delete("/realm/filters/999999").badRequest("Linkifier not found.");
        admin.patch("/realm/filters/999999", "pattern", "#(?P<id>[0-9]+)", "url_template", url).badRequest("Linkifier not found.");
        long id = add("#(?P<id>[0-9]+)", url);
        bad(admin.post("/realm/filters", "pattern", "#(?P<id>[0-9]+)", "url_template", url),
                "Realm filter with this Realm and Pattern already exists.");
        admin.patch("/realm/linkifiers", "ordered_linkifier_ids", List.of(id, id))
                .badRequest("The ordered list must not contain duplicated linkifiers");
        admin.patch("/realm/linkifiers", "ordered_linkifier_ids", List.of(id, id + 1000))
                .badRequest("The ordered list must enumerate all existing linkifiers exactly once");
        admin.patch("/realm/linkifiers").missing("ordered_linkifier_ids");
        admin.delete("/realm/filters/" + id).success();
    }

    @Test
    @Order(5)
    void reverseTemplatesRegenerateTheExample() {
        String p = "(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)";
        String url = "https://github.com/{org}/{repo}/pull/{id}";
        bad(admin.post("/realm/filters", "pattern", p, "url_template", url, "reverse_template", "{org}/{repo}#{id}"),
                "Example input is required for a reverse linkifier.");
        bad(admin.post("/realm/filters", "pattern", p, "url_template", url, "example_input", "zulip#12"),
                "Example input does not match the linkifier pattern.");
        bad(admin.post("/realm/filters", "pattern", p, "url_template", url, "example_input", "zulip/zulip#12",
                "reverse_template", "{org}#{id}"), "Reverse template does not regenerate the example input: got 'zulip#12'.");
        bad(admin.post("/realm/filters", "pattern", p, "url_template", url, "example_input", "zulip/zulip#12",
                "reverse_template", "{nope}"), "Group 'nope' in reverse template is not present in linkifier pattern.");
        bad(admin.post("/realm/filters", "pattern", p, "url_template", url, "example_input", "zulip/zulip#12",
                "reverse_template", "{org"), "Invalid reverse template.");
        long id = admin.post("/realm/filters", "pattern", "\\{(?P<id>[0-9]+)\\}", "url_template", "https://x.example.com/{id}",
                "example_input", "{7}", "reverse_template", "{{{id}}}").success().get("id").asLong();
        admin.delete("/realm/filters/" + id).success();
        id = admin.post("/realm/filters", "pattern", p, "url_template", url, "example_input", "zulip/zulip#12",
                "reverse_template", "{org}/{repo}#{id}").success().get("id").asLong();
        admin.delete("/realm/filters/" + id).success();
    }

    /** Seeded random fragments: every answer is a success or a 400, never a 500. */
    @Test
    @Order(6)
    void randomInputNeverFails() {
        String[] patterns = {"(", ")", "(?P<id>", "[0-9]+", "\\", "*", "(?P<id>x)", "a{1000}", "(?P=id)", "(?<id>y)", "[", "\u00e9", "#", "{", "$"};
        String[] templates = {"https://x/", "{id}", "{", "}", "{+id}", "{id*}", "{?id}", "%", "\u00e9", " ", "{id:3}", "{a,b}"};
        Random r = new Random(7);
        List<Long> created = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            StringBuilder p = new StringBuilder(), t = new StringBuilder();
            for (int k = r.nextInt(5); k >= 0; k--) p.append(patterns[r.nextInt(patterns.length)]);
            for (int k = r.nextInt(4); k >= 0; k--) t.append(templates[r.nextInt(templates.length)]);
            ApiResponse res = admin.post("/realm/filters", "pattern", p.toString(), "url_template", t.toString(),
                    "example_input", r.nextBoolean() ? "x" : "", "reverse_template", r.nextBoolean() ? "{id}" : "");
            assertThat(res.status()).as(p + " / " + t + ": " + res.body()).isIn(200, 400);
            if (res.ok()) created.add(res.get("id").asLong());
        }
        String html = member.post("/messages/render", "content", "x1 #2 y3 é").success().get("rendered").asText();
        assertThat(html).startsWith("<p>");
        for (long id : created) admin.delete("/realm/filters/" + id).success();
    }

    private static void bad(ApiResponse r, String msg) {
        r.badRequest(msg);
        assertThat(r.get("errors").isObject()).isTrue();
    }
}
