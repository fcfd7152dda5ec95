package dev.stoa.push;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A notification's text from rendered HTML as Zulip's get_mobile_push_content builds it, on the
 * HTML Zulip's own renderer produces: KaTeX from zulip-api/markdown_test_cases.json (its expected
 * outputs; this machine may have no KaTeX runtime, so PushNotifyTest sees only the fallback), the
 * quote collapsing and nested lists on HTML as Zulip renders it. Every expected text here is what
 * Zulip's get_mobile_push_content (lxml 4.9) returns for the same HTML.
 */
class PushContentTest {
    private static final String HOST = "chat.example.org";

    private static Map<String, String> zulipRendered() throws Exception {
        Path path = Path.of(System.getProperty("stoa.shared.dir", "../shared"), "zulip-api", "markdown_test_cases.json");
        Map<String, String> out = new HashMap<>();
        for (JsonNode t : new ObjectMapper().readTree(path.toFile()).get("regular_tests")) out.put(t.get("name").asText(), t.path("expected_output").asText());
        return out;
    }

    @Test
    void typesetMathIsSentAsItsTex() throws Exception {
        Map<String, String> html = zulipRendered();
        assertThat(PushContent.of(html.get("tex_inline"), HOST).content()).isEqualTo("$$1 \\oplus 0 = 1$$");
        assertThat(PushContent.of(html.get("tex_fenced_math"), HOST).content()).isEqualTo("$$a^2 = b^2 + c^2$$");
        assertThat(PushContent.of(html.get("tex_money"), HOST).content())
                .isEqualTo("Tickets are $5 to $20 for youth, $10-$30 for adults, so we are hoping to bring in $500 from the event ($$x \\approx 500\\$$$)");
    }

    @Test
    void quotesAreCollapsedWhenTheMessageSaysSomethingOfItsOwn() {
        String said = "<p><span class=\"user-mention silent\" data-user-id=\"9\">Iago</span> <a href=\"#narrow/channel/1-general/topic/t/near/42\">said</a>:</p>\n";
        String quote = "<blockquote>\n<p>the original</p>\n</blockquote>\n";
        assertThat(PushContent.of(said + quote + "<p>my reply</p>", HOST).content()).isEqualTo("[…]\nmy reply");
        // lxml's replace takes the quote's tail away with it, so Zulip's text runs on here.
        assertThat(PushContent.of(quote + "<p>a reply</p>", HOST).content()).isEqualTo("[…]a reply");
        // Only quotes: nothing to collapse to.
        assertThat(PushContent.of(quote, HOST).content()).isEqualTo("> the original\n\n");
        // Two runs of quotes: lxml moves the one "[…]" element to the last run.
        assertThat(PushContent.of("<p>a</p>\n" + quote + "<p>b</p>\n" + quote + "<p>c</p>", HOST).content()).isEqualTo("a\nb\n[…]c");
        // A link to another server is no quote-reply line.
        String elsewhere = said.replace("#narrow", "https://elsewhere.example.com/#narrow");
        assertThat(PushContent.of(elsewhere + quote, HOST).content()).isEqualTo("Iago said:\n[…]");
        assertThat(PushContent.messageLink("https://" + HOST + "/#narrow/dm/9,15-dm/near/43", HOST)).isTrue();
        assertThat(PushContent.messageLink("#narrow/channel/1-general/topic/t", HOST)).isFalse();
    }

    @Test
    void nestedOrderedListsAreIndented() {
        String html = "<ol>\n<li>one<ol>\n<li>inner</li>\n</ol>\n</li>\n<li>two</li>\n</ol>";
        assertThat(PushContent.of(html, HOST).content()).isEqualTo("1. one\n  1. inner\n2. two");
    }
}
