package dev.stoa.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs Zulip's own markdown fixture (zerver/tests/fixtures/markdown_test_cases.json). A case
 * passes when our HTML equals the fixture's backend {@code expected_output} after whitespace
 * and attribute-order normalisation (see {@link HtmlNormalizer}); text, tags and attribute
 * values must match exactly.
 */
class MarkdownConformanceTest {
    /**
     * Cases we knowingly do not reproduce, with the reason. Currently none: every regular case
     * passes. (KaTeX cases need the node helper; without it they are skipped, not failed.)
     */
    static final Map<String, String> UNSUPPORTED = Map.of();

    private static final ObjectMapper JSON = new ObjectMapper();
    private static JsonNode fixture;

    @BeforeAll
    static void load() throws IOException {
        Path path = Path.of(System.getProperty("stoa.shared.dir", "../shared"), "zulip-api", "markdown_test_cases.json");
        fixture = JSON.readTree(Files.readString(path));
        if (!"false".equals(System.getenv("STOA_KATEX_INSTALL"))) {
            Katex.install(Katex.defaultDir()); // best effort; without node/npm the KaTeX cases are skipped
        }
    }

    static TestRealm realmFor(JsonNode test) {
        TestRealm realm = new TestRealm();
        realm.translateEmoticons = test.path("translate_emoticons").asBoolean(false);
        return realm;
    }

    @Test
    void regularTests() throws IOException {
        MarkdownRenderer renderer = new MarkdownRenderer();
        boolean katex = Katex.shared().available();
        List<String> failing = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        int total = 0;
        int passed = 0;
        for (JsonNode test : fixture.get("regular_tests")) {
            String name = test.get("name").asText();
            String expected = test.get("expected_output").asText();
            if (test.path("ignore").asBoolean(false) || (!katex && expected.contains("class=\"katex"))) {
                skipped.add(name);
                continue;
            }
            total++;
            String actual = renderer.render(test.get("input").asText(), realmFor(test)).html();
            if (HtmlNormalizer.normalize(actual).equals(HtmlNormalizer.normalize(expected))) {
                passed++;
            } else {
                failing.add(name);
                report.append("=== ").append(name).append(UNSUPPORTED.containsKey(name) ? " (unsupported)" : "")
                        .append("\nINPUT: ").append(test.get("input").asText()).append("\nEXPECTED: ")
                        .append(expected).append("\nACTUAL:   ").append(actual).append("\n");
            }
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/markdown-conformance.txt"), report.toString());
        System.out.printf("markdown regular_tests: %d/%d pass; failing %s; skipped %s%s%n", passed, total, failing,
                skipped, katex ? "" : " (no KaTeX runtime: install katex, see Katex.install)");
        assertThat(passed).as("pass rate").isGreaterThanOrEqualTo((int) Math.ceil(total * 0.95));
        assertThat(failing).as("failing cases not listed in UNSUPPORTED").allMatch(UNSUPPORTED::containsKey);
    }

    @Test
    void linkifyTests() {
        MarkdownRenderer renderer = new MarkdownRenderer();
        List<String> failing = new ArrayList<>();
        int passed = 0;
        for (JsonNode t : fixture.get("linkify_tests")) {
            String input = t.get(0).asText();
            String expected = expectedLinkify(t.get(1).asText(), t.get(2).asText());
            String actual = renderer.render(input, new TestRealm()).html();
            if (HtmlNormalizer.normalize(actual).equals(HtmlNormalizer.normalize(expected))) {
                passed++;
            } else {
                failing.add(input + "\n   expected " + expected + "\n   actual   " + actual);
            }
        }
        System.out.printf("markdown linkify_tests: %d/%d pass%n", passed, fixture.get("linkify_tests").size());
        failing.forEach(f -> System.out.println("linkify FAIL: " + f));
        assertThat(failing).isEmpty();
    }

    /** As Zulip's test_markdown.py {@code replaced()}: the %s becomes a link to the url. */
    private static String expectedLinkify(String template, String url) {
        if (url.isEmpty()) {
            return template;
        }
        String href = url.startsWith("http") ? url : url.contains("@") ? "mailto:" + url : "http://" + url;
        return template.replace("%s", "<a href=\"" + href + "\">" + url + "</a>");
    }
}
