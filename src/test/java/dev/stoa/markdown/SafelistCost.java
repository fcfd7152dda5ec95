package dev.stoa.markdown;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.safety.Safelist;
import org.junit.jupiter.api.Test;

/**
 * A measurement, not part of `./stoa test` (run it with -Dtest=SafelistCost): what a jsoup
 * Safelist pass (Jsoup.clean) over the renderer's output would cost per render and change, on
 * Zulip's markdown_test_cases.json (regular cases without KaTeX, and the linkify cases). The
 * Safelist allows exactly the tags and attributes the renderer writes on that corpus. Its figures
 * are in DEVELOPING.md; it asserts nothing.
 */
class SafelistCost {
    private static final String BASE = "http://zulip.testserver/";

    @Test
    void measure() throws Exception {
        JsonNode fixture = new ObjectMapper().readTree(Files.readString(
                Path.of(System.getProperty("stoa.shared.dir", "../shared"), "zulip-api", "markdown_test_cases.json")));
        MarkdownRenderer renderer = new MarkdownRenderer();
        List<String> inputs = new ArrayList<>();
        List<TestRealm> realms = new ArrayList<>();
        for (JsonNode t : fixture.get("regular_tests")) {
            if (t.path("ignore").asBoolean(false) || t.get("expected_output").asText().contains("class=\"katex")) continue;
            inputs.add(t.get("input").asText());
            realms.add(MarkdownConformanceTest.realmFor(t));
        }
        for (JsonNode t : fixture.get("linkify_tests")) {
            inputs.add(t.get(0).asText());
            realms.add(new TestRealm());
        }
        List<String> outputs = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) outputs.add(renderer.render(inputs.get(i), realms.get(i)).html());
        Safelist safelist = safelistOf(outputs);
        Document.OutputSettings out = new Document.OutputSettings().prettyPrint(false);
        int same = 0;
        for (String html : outputs) {
            String cleaned = Jsoup.clean(html, BASE, safelist, out);
            if (cleaned.equals(html)) same++;
            else System.out.println("CHANGED " + firstDifference(html, cleaned));
        }
        System.out.printf("SAFELIST identical output: %d/%d%n", same, outputs.size());
        for (int round = 0; round < 3; round++) {
            long[] render = new long[inputs.size()], clean = new long[inputs.size()];
            for (int i = 0; i < inputs.size(); i++) {
                render[i] = Long.MAX_VALUE;
                clean[i] = Long.MAX_VALUE;
                for (int rep = 0; rep < 10; rep++) { // the best of 10: the least disturbed by the machine's other load
                    long t0 = System.nanoTime();
                    String html = renderer.render(inputs.get(i), realms.get(i)).html();
                    long t1 = System.nanoTime();
                    Jsoup.clean(html, BASE, safelist, out);
                    long t2 = System.nanoTime();
                    render[i] = Math.min(render[i], t1 - t0);
                    clean[i] = Math.min(clean[i], t2 - t1);
                }
            }
            double[] ratio = new double[inputs.size()];
            for (int i = 0; i < ratio.length; i++) ratio[i] = (double) clean[i] / render[i];
            Arrays.sort(ratio);
            System.out.printf("SAFELIST round %d: %d messages, render %.1f us total-mean, clean %.1f us; clean/render: total %.0f%%, median message %.0f%%%n",
                    round, inputs.size(), Arrays.stream(render).sum() / 1000.0 / inputs.size(), Arrays.stream(clean).sum() / 1000.0 / inputs.size(),
                    100.0 * Arrays.stream(clean).sum() / Arrays.stream(render).sum(), 100 * ratio[ratio.length / 2]);
        }
    }

    /** Exactly the tags and attributes the outputs use; links to http(s), mailto and this realm's relative paths. */
    private static Safelist safelistOf(List<String> outputs) {
        Map<String, TreeSet<String>> attrs = new TreeMap<>();
        for (String html : outputs) {
            for (Element e : Jsoup.parseBodyFragment(html).body().getAllElements()) {
                TreeSet<String> a = attrs.computeIfAbsent(e.tagName(), k -> new TreeSet<>());
                for (Attribute at : e.attributes()) a.add(at.getKey());
            }
        }
        attrs.remove("body");
        System.out.println("SAFELIST tags and attributes: " + attrs);
        Safelist safelist = new Safelist().preserveRelativeLinks(true);
        attrs.forEach((tag, a) -> {
            safelist.addTags(tag);
            if (!a.isEmpty()) safelist.addAttributes(tag, a.toArray(String[]::new));
        });
        safelist.addProtocols("a", "href", "http", "https", "mailto", "#");
        safelist.addProtocols("img", "src", "http", "https");
        return safelist;
    }

    private static String firstDifference(String a, String b) {
        int k = 0;
        while (k < Math.min(a.length(), b.length()) && a.charAt(k) == b.charAt(k)) k++;
        return a.substring(Math.max(0, k - 15), Math.min(a.length(), k + 25)).replace("\n", "\\n") + "  ->  "
                + b.substring(Math.max(0, k - 15), Math.min(b.length(), k + 25)).replace("\n", "\\n");
    }
}
