package dev.stoa.markdown;

import java.util.Set;
import java.util.TreeMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Entities;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Canonical form of an HTML fragment for comparison: attributes sorted, whitespace runs outside
 * {@code <pre>} collapsed, whitespace-only text between blocks dropped. Text content, tags and
 * attribute values must still match exactly.
 */
final class HtmlNormalizer {
    private static final Set<String> BLOCKS = Set.of("p", "ul", "ol", "li", "blockquote", "div", "h1", "h2", "h3",
            "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "pre", "hr");

    private HtmlNormalizer() {}

    static String normalize(String html) {
        Element body = Jsoup.parseBodyFragment(html).body();
        StringBuilder sb = new StringBuilder();
        for (Node n : body.childNodes()) {
            write(n, sb, false);
        }
        return sb.toString().strip();
    }

    private static void write(Node n, StringBuilder sb, boolean inPre) {
        if (n instanceof TextNode t) {
            String text = t.getWholeText();
            if (!inPre) {
                text = text.replaceAll("\\s+", " ");
                Node prev = n.previousSibling();
                Node next = n.nextSibling();
                if (prev == null || isBlock(prev) || isBr(prev)) {
                    text = text.stripLeading();
                }
                if (next == null || isBlock(next)) {
                    text = text.stripTrailing();
                }
            }
            sb.append(Entities.escape(text));
            return;
        }
        if (n instanceof Element e) {
            sb.append('<').append(e.tagName());
            TreeMap<String, String> attrs = new TreeMap<>();
            for (Attribute a : e.attributes()) {
                attrs.put(a.getKey(), a.getValue());
            }
            attrs.forEach((k, v) -> sb.append(' ').append(k).append("=\"").append(v).append('"'));
            sb.append('>');
            boolean pre = inPre || e.tagName().equals("pre");
            for (Node c : e.childNodes()) {
                write(c, sb, pre);
            }
            sb.append("</").append(e.tagName()).append('>');
        }
    }

    private static boolean isBlock(Node n) {
        return n instanceof Element e && BLOCKS.contains(e.tagName());
    }

    private static boolean isBr(Node n) {
        return n instanceof Element e && e.tagName().equals("br");
    }
}
