package dev.stoa.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.markdown.MarkdownContext.ChannelRef;
import dev.stoa.markdown.MarkdownContext.Linkifier;
import dev.stoa.markdown.MarkdownContext.MentionGroup;
import dev.stoa.markdown.MarkdownContext.MentionUser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Seeded random and hand-made hostile inputs: rendering must not throw, must not produce
 * script, event handlers or javascript: URLs, and the counted work must stay within a fixed
 * multiple of the input length.
 */
class MarkdownHostileInputTest {
    /** Work units allowed per input character (plus a constant for tiny inputs). */
    static final long K = 120;
    static final long C = 5_000;

    private static final String[] FRAGMENTS = {
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:alert(1)\">x</a>",
        "[x](javascript:alert(1))", "[x](JaVaScRiPt:alert(1))", "[x](java\tscript:alert(1))", "[x]( javascript:alert(1))",
        "[x](data:text/html;base64,PHNjcmlwdD4=)", "[x](vbscript:msgbox(1))", "<javascript:alert(1)>",
        "javascript:alert(1)", "\" onmouseover=\"alert(1)", "' onclick='alert(1)", "<svg onload=alert(1)>",
        "*", "**", "***", "_", "~~", "`", "```", "~~~", "$$", "$", ">", "> ", "- ", "* ", "1. ", "  ", "    ", "#", "# ",
        "@**", "@_**", "@*", "#**", ">", "|", "---", "\n", "\n\n", " ", "[", "]", "(", ")", ":", ":smile:", "::",
        "<time:", "<time:2023-05-05T10:00:00Z>", "http://", "https://example.com/a.png", "example.com", "a@b.com",
        "\\", "&", "&amp;", "&#x3C;script&#x3E;", "\u0002", "\u0003", "\u0002S0\u0003", "\u0002I0\u0003", "💩", "🤷‍♀️",
        "\u200d", "\ufe0f", "```quote\n", "```spoiler x\n", "```math\n", "```python\n", "#123", "@**Alice**",
        "@*devs*", "#**general>lunch**", "$$x^2$$", "\t", "\r\n", "word", "x", "(", "((((", "))))", "[[[[", "]]]]",
    };

    private static TestRealm realm() {
        TestRealm realm = new TestRealm();
        realm.users.add(new MentionUser(1, "Alice"));
        realm.groups.add(new MentionGroup(7, "devs"));
        realm.channels.add(new ChannelRef(3, "general"));
        realm.linkifiers.add(new Linkifier(1, "#(?P<id>[0-9]+)", "https://github.com/zulip/zulip/issues/{id}"));
        realm.linkifiers.add(new Linkifier(2, "(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)", "https://github.com/{org}/{repo}/pull/{id}"));
        realm.translateEmoticons = true;
        return realm;
    }

    // No KaTeX here: this test is about the renderer itself, and must not depend on node.
    private final MarkdownRenderer renderer = new MarkdownRenderer(new Katex(Path.of("/nonexistent-katex")));
    private final TestRealm realm = realm();

    @Test
    void randomInputsAreSafeAndLinear() {
        for (int seed = 0; seed < 3000; seed++) {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder();
            int parts = 1 + r.nextInt(seed % 10 == 0 ? 400 : 40);
            for (int i = 0; i < parts; i++) {
                sb.append(FRAGMENTS[r.nextInt(FRAGMENTS.length)]);
                if (r.nextInt(4) == 0) {
                    sb.append((char) (32 + r.nextInt(95)));
                }
            }
            check(sb.toString());
        }
    }

    @Test
    void deeplyNestedStructures() {
        List<String> inputs = new ArrayList<>();
        inputs.add(">".repeat(20_000) + " deep");
        inputs.add("> ".repeat(5_000) + "x\n".repeat(100));
        StringBuilder nestedList = new StringBuilder();
        for (int i = 0; i < 2_000; i++) {
            nestedList.append("  ".repeat(i)).append("* item ").append(i).append('\n');
        }
        inputs.add(nestedList.toString());
        StringBuilder ordered = new StringBuilder();
        for (int i = 0; i < 2_000; i++) {
            ordered.append(" ".repeat(i % 40)).append(i).append(". x\n");
        }
        inputs.add(ordered.toString());
        inputs.add("```quote\n".repeat(3_000) + "x");
        inputs.add("~~~quote\n```spoiler a\n".repeat(1_000) + "x");
        inputs.add("*".repeat(20_000));
        inputs.add("*a".repeat(10_000));
        inputs.add("**a".repeat(10_000));
        inputs.add("***a ".repeat(5_000));
        inputs.add("~~a".repeat(10_000));
        inputs.add("[".repeat(20_000) + "x" + "](http://a.com)");
        inputs.add("[a](".repeat(10_000));
        inputs.add("(".repeat(20_000));
        inputs.add("`".repeat(20_000));
        StringBuilder ticks = new StringBuilder();
        for (int i = 1; i < 200; i++) {
            ticks.append("`".repeat(i)).append(' ');
        }
        inputs.add(ticks.toString());
        inputs.add("$$".repeat(10_000));
        inputs.add("$$a\\$".repeat(5_000));
        inputs.add("@**".repeat(10_000));
        inputs.add("#**".repeat(10_000));
        inputs.add("<time:".repeat(10_000));
        inputs.add(":a".repeat(10_000));
        inputs.add("http://a.com/(" .repeat(5_000));
        inputs.add("a.com/(b,".repeat(5_000));
        inputs.add("x.".repeat(20_000) + "com");
        inputs.add("a@".repeat(10_000));
        inputs.add("#1".repeat(10_000));
        inputs.add("ab/cd#1x".repeat(5_000));
        inputs.add("# h\n".repeat(10_000));
        inputs.add("---\n".repeat(10_000));
        inputs.add("    code\nx\n".repeat(5_000));
        inputs.add("* a\n".repeat(5_000) + "continued\n".repeat(5_000));
        inputs.add("| a | b |\n|---|---|\n" + "| c | d |\n".repeat(5_000));
        inputs.add("💩".repeat(10_000));
        inputs.add("🤷\u200d".repeat(10_000));
        inputs.add("&#1;".repeat(10_000));
        for (String input : inputs) {
            check(input);
        }
    }

    @Test
    void hostileRealmData() {
        TestRealm evil = realm();
        evil.users.add(new MentionUser(66, "<script>alert(1)</script>\u0002S0\u0003"));
        evil.groups.add(new MentionGroup(67, "g\" onclick=\"x"));
        evil.channels.add(new ChannelRef(68, "c\u0002I0\u0003<img src=x onerror=alert(1)>"));
        evil.emoji.add(new MarkdownContext.CustomEmoji("1", "bad", "javascript:alert(1)", null));
        evil.emoji.add(new MarkdownContext.CustomEmoji("2", "q", "/e.png\" onerror=\"alert(1)", null));
        String input = "```x\ncode\n```\n@**<script>alert(1)</script>S0** @*g\" onclick=\"x* "
                + "#**c<img src=x onerror=alert(1)>** :bad: :q:";
        Rendered out = renderer.render(input, evil);
        assertSafe(input, out.html());
        assertThat(out.html()).contains("&lt;script&gt;").doesNotContain("<img src=\"x\"");
    }

    @Test
    void hugeInputs() {
        Random r = new Random(42);
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 1_000_000) {
            sb.append(FRAGMENTS[r.nextInt(FRAGMENTS.length)]);
        }
        check(sb.toString()); // over the markdown cap: escaped text
        check(sb.substring(0, MarkdownRenderer.MAX_MARKDOWN_INPUT - 10)); // largest full markdown render
        check("a".repeat(1_000_000));
        check("\n".repeat(1_000_000));
    }

    private static double maxRatio;
    private static String maxRatioInput = "";

    @org.junit.jupiter.api.AfterAll
    static void report() {
        System.out.printf("markdown hostile: max work/char for inputs over 1000 chars = %.1f (limit %d) on %s%n",
                maxRatio, K, maxRatioInput);
    }

    private void check(String input) {
        Rendered out = renderer.render(input, realm);
        assertThat(out).isNotNull();
        assertSafe(input, out.html());
        long work = renderer.lastWork();
        double ratio = (double) work / Math.max(1, input.length());
        if (input.length() > 1000 && ratio > maxRatio) {
            maxRatio = ratio;
            maxRatioInput = abbreviate(input);
        }
        assertThat(work).as("work for input of length %d: %s", input.length(), abbreviate(input))
                .isLessThanOrEqualTo(K * input.length() + C);
    }

    static void assertSafe(String input, String html) {
        assertThat(html).as("no placeholders leak").doesNotContain("\u0002").doesNotContain("\u0003");
        Element body = Jsoup.parseBodyFragment(html).body();
        assertThat(body.select("script, iframe, object, embed, style, form, svg, math[href]")).as(abbreviate(input)).isEmpty();
        for (Element e : body.getAllElements()) {
            for (Attribute a : e.attributes()) {
                String key = a.getKey().toLowerCase(Locale.ROOT);
                assertThat(key).as("event handler in %s", abbreviate(input)).doesNotStartWith("on");
                if (key.equals("href") || key.equals("src") || key.equals("data-src-fullsize") || key.equals("action")) {
                    String v = a.getValue().replaceAll("[\\s\\x00-\\x1f]", "").toLowerCase(Locale.ROOT);
                    assertThat(v).as("url in %s", abbreviate(input))
                            .doesNotStartWith("javascript:").doesNotStartWith("vbscript:").doesNotStartWith("data:");
                }
            }
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "…(" + s.length() + " chars)" : s;
    }
}
