package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the tree as HTML. All text is escaped here; attribute values are escaped; raw HTML
 * only comes from the stash (code blocks, spoiler frames) and KaTeX, both produced by us.
 * Also adds Zulip's inline image previews after the paragraph or list item holding the link.
 */
final class Serializer {
    private static final Set<String> BLOCK = Set.of("p", "ul", "ol", "li", "blockquote", "h1", "h2", "h3", "h4",
            "h5", "h6", "hr", "table", "thead", "tbody", "tr", "codeblock", "div");
    private static final Set<String> VOID = Set.of("br", "hr", "img");

    private final RenderState st;
    private final Inline inline;
    private final CodeFormatter code;
    private final Previews previews;
    private int quoteDepth;

    Serializer(RenderState st, Inline inline, CodeFormatter code) {
        this.st = st;
        this.inline = inline;
        this.code = code;
        this.previews = new Previews(st);
    }

    String document(Node root) {
        StringBuilder out = new StringBuilder();
        for (Node child : root.children) {
            int before = out.length();
            block(child, out);
            if (out.length() > before) {
                out.append('\n');
            }
        }
        int end = out.length();
        while (end > 0 && out.charAt(end - 1) == '\n') {
            end--;
        }
        return out.substring(0, end);
    }

    private void block(Node n, StringBuilder out) {
        st.work.add(1);
        if (n.is("codeblock")) {
            out.append(code.format(null, n.text));
        } else if (n.is("p")) {
            paragraph(n, out);
        } else {
            element(n, out);
        }
    }

    private void paragraph(Node p, StringBuilder out) {
        String text = p.text == null ? "" : p.text.strip();
        int idx = st.stash.indexAt(text, 0);
        if (idx >= 0 && st.stash.placeholderEnd(text, 0) == text.length() && st.stash.isBlock(idx)) {
            out.append(st.stash.html(idx));
            return;
        }
        List<Node> links = new ArrayList<>();
        StringBuilder inner = new StringBuilder();
        inlineText(p.text, inner, links);
        if (quoteDepth == 0 && previews.onlyImageLink(p.text, links, inline)) {
            previews.append(links, out);
            return;
        }
        out.append("<p>").append(inner).append("</p>");
        if (quoteDepth == 0) {
            previews.append(links, out);
        }
    }

    private void element(Node n, StringBuilder out) {
        List<Node> links = new ArrayList<>();
        openTag(n, out);
        if (VOID.contains(n.tag)) {
            return;
        }
        if (n.is("blockquote")) {
            quoteDepth++;
        }
        inlineText(n.text, out, links);
        for (Node c : n.children) {
            // Children of block nodes are blocks; an item's text runs straight into a nested list.
            if (!n.is("li") || c.is("p") || n.text == null || n.text.isEmpty()) {
                newlineIfNeeded(out);
            }
            block(c, out);
            out.append('\n');
            inlineText(c.tail, out, links);
        }
        if (n.is("blockquote")) {
            quoteDepth--;
        }
        if (n.is("li") && quoteDepth == 0) {
            previews.append(links, out);
        }
        out.append("</").append(n.tag).append('>');
    }

    private static void newlineIfNeeded(StringBuilder out) {
        if (!out.isEmpty() && out.charAt(out.length() - 1) != '\n') {
            out.append('\n');
        }
    }

    private static void openTag(Node n, StringBuilder out) {
        out.append('<').append(n.tag);
        for (Map.Entry<String, String> a : n.attrs.entrySet()) {
            out.append(' ').append(a.getKey()).append("=\"").append(Html.attr(a.getValue())).append('"');
        }
        out.append('>');
    }

    /** Escapes text and expands placeholders; collects links for previews. */
    void inlineText(String s, StringBuilder out, List<Node> links) {
        if (s == null) {
            return;
        }
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            st.work.add(1);
            if (c == Stash.OPEN) {
                int close = s.indexOf(Stash.CLOSE, i);
                int idx = placeholderIndex(s, i, close);
                if (idx < 0) {
                    i++; // not one of ours (cannot happen: delimiters are stripped from input)
                    continue;
                }
                if (s.charAt(i + 1) == 'S') {
                    out.append(st.stash.html(idx));
                } else {
                    inlineNode(inline.node(idx), out, links);
                }
                i = close + 1;
            } else {
                switch (c) {
                    case '&' -> out.append("&amp;");
                    case '<' -> out.append("&lt;");
                    case '>' -> out.append("&gt;");
                    default -> out.append(c);
                }
                i++;
            }
        }
    }

    private int placeholderIndex(String s, int open, int close) {
        if (close < open + 3 || close - open > 12) {
            return -1;
        }
        char kind = s.charAt(open + 1);
        for (int k = open + 2; k < close; k++) {
            if (s.charAt(k) < '0' || s.charAt(k) > '9') {
                return -1;
            }
        }
        int idx = Integer.parseInt(s, open + 2, close, 10);
        int limit = kind == 'S' ? st.stash.size() : kind == 'I' ? inline.nodeCount() : 0;
        return idx < limit ? idx : -1;
    }

    private void inlineNode(Node n, StringBuilder out, List<Node> links) {
        switch (n.tag) {
            case "#text" -> out.append(Html.escape(n.text));
            case "#raw" -> out.append(n.rawHtml);
            case "br" -> out.append("<br>\n");
            default -> {
                if (n.is("a")) {
                    previews.noteLink(n, links);
                }
                openTag(n, out);
                if (VOID.contains(n.tag)) {
                    return;
                }
                inlineText(n.text, out, links);
                for (Node c : n.children) {
                    inlineNode(c, out, links);
                    inlineText(c.tail, out, links);
                }
                out.append("</").append(n.tag).append('>');
            }
        }
    }
}
