package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Renders Zulip-flavoured markdown to the HTML Zulip clients expect. Thread-safe and stateless
 * between calls; never throws. Raw HTML in the input is always escaped.
 */
public final class MarkdownRenderer {
    /** Zulip caps messages at 10000 chars; beyond this we skip markdown and show escaped text. */
    static final int MAX_MARKDOWN_INPUT = 100_000;

    private final Katex katex;
    private final CodeFormatter code = new CodeFormatter();
    private volatile long lastWork;

    public MarkdownRenderer() {
        this(Katex.shared());
    }

    public MarkdownRenderer(Katex katex) {
        this.katex = katex;
    }

    /**
     * The one URL allow-list of everything the renderer emits (Zulip's sanitize_url): the URL as it
     * would be linked, or null when its scheme is not allowed. Linkifier templates are checked with it
     * when they are created.
     */
    public static String sanitizeUrl(String url) {
        return Links.sanitize(url);
    }

    public Rendered render(String content, MarkdownContext ctx) {
        Work work = new Work();
        RenderState st = new RenderState(ctx, work, katex);
        String html;
        try {
            html = renderHtml(normalize(content == null ? "" : content), st);
        } catch (RuntimeException | StackOverflowError e) {
            // Defensive: a bug must not lose the message; show it as plain escaped text.
            st = new RenderState(ctx, work, katex);
            html = plain(content == null ? "" : content);
        }
        lastWork = work.units();
        return new Rendered(html, Set.copyOf(st.mentionedUsers), Set.copyOf(st.silentUsers),
                Set.copyOf(st.mentionedGroups), st.streamWildcard, st.topicWildcard, st.hasLink, st.hasImage,
                st.hasAttachment, List.copyOf(st.uploadPathIds));
    }

    /** Work units counted by the most recent render on this instance (for tests). */
    long lastWork() {
        return lastWork;
    }

    private String renderHtml(String text, RenderState st) {
        if (text.isBlank()) {
            return "";
        }
        if (text.length() > MAX_MARKDOWN_INPUT) {
            st.work.add(text.length());
            return plain(text);
        }
        st.setScanBudget(16L * text.length() + 20_000);
        Fences fences = new Fences(st.stash, code, st.katex, st.work);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        lines = fences.process(fences.separateHangingLists(lines));
        Node root = new BlockParser(st.work).parseDocument(String.join("\n", lines));
        Inline inline = InlineRules.build(st);
        processTree(root, inline);
        return new Serializer(st, inline, code).document(root);
    }

    private static void processTree(Node n, Inline inline) {
        if (n.atomic || n.is("codeblock")) {
            return;
        }
        if (n.text != null) {
            n.text = inline.process(n.text);
        }
        for (Node c : n.children) {
            processTree(c, inline);
            if (c.tail != null) {
                c.tail = inline.process(c.tail);
            }
        }
    }

    /** Python-Markdown's whitespace normalisation; also drops our placeholder delimiters. */
    static String normalize(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        int col = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == Stash.OPEN || c == Stash.CLOSE) {
                continue;
            }
            if (c == '\r') {
                if (i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                    continue;
                }
                c = '\n';
            }
            if (c == '\t') {
                int spaces = 4 - (col % 4);
                sb.append(" ".repeat(spaces));
                col += spaces;
                continue;
            }
            sb.append(c);
            col = c == '\n' ? 0 : col + 1;
        }
        // Lines holding only spaces count as blank lines.
        String[] lines = sb.toString().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                lines[i] = "";
            }
        }
        return String.join("\n", lines);
    }

    private static String plain(String text) {
        return "<p>" + Html.escape(normalize(text)).replace("\n", "<br>\n") + "</p>";
    }
}
