package dev.stoa.markdown;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Inline image previews for image links (no network: only the URL's extension is checked). */
final class Previews {
    private static final List<String> IMAGE_EXT = List.of(".png", ".jpg", ".jpeg", ".jpe", ".gif", ".webp", ".bmp");
    private static final int MAX_PREVIEWS = 24;
    private final RenderState st;
    private final Set<String> seen = new HashSet<>();

    Previews(RenderState st) {
        this.st = st;
    }

    /** Records facts about a rendered link and keeps it if it may get a preview. */
    void noteLink(Node a, List<Node> links) {
        if (a.attrs.containsKey("class")) {
            return; // channel/topic links
        }
        String href = a.attrs.get("href");
        st.hasLink = true;
        String path = uploadPath(href);
        if (path != null) {
            st.hasAttachment = true;
            if (!st.uploadPathIds.contains(path)) {
                st.uploadPathIds.add(path);
            }
        }
        if (isImage(href)) {
            links.add(a);
        }
    }

    private String uploadPath(String href) {
        String h = href;
        String realm = st.ctx.realmUrl() == null ? "" : st.ctx.realmUrl();
        if (!realm.isEmpty() && h.startsWith(realm)) {
            h = h.substring(realm.length());
        }
        if (h.startsWith("/")) {
            h = h.substring(1);
        }
        return h.startsWith("user_uploads/") && h.length() > 13 ? h.substring(13) : null;
    }

    static boolean isImage(String href) {
        String h = href.toLowerCase(Locale.ROOT);
        int cut = h.length();
        for (char c : new char[] {'?', '#'}) {
            int k = h.indexOf(c);
            if (k >= 0 && k < cut) {
                cut = k;
            }
        }
        String path = h.substring(0, cut);
        boolean web = h.startsWith("http://") || h.startsWith("https://") || h.startsWith("user_uploads/")
                || h.startsWith("/user_uploads/");
        return web && IMAGE_EXT.stream().anyMatch(path::endsWith);
    }

    /** A paragraph that is only a bare image URL is replaced by its preview. */
    boolean onlyImageLink(String text, List<Node> links, Inline inline) {
        if (links.size() != 1 || text == null) {
            return false;
        }
        String t = text.strip();
        if (t.isEmpty() || t.charAt(0) != Inline.OPEN || t.charAt(1) != 'I' || t.indexOf(Inline.CLOSE) != t.length() - 1) {
            return false;
        }
        Node a = inline.node(Integer.parseInt(t, 2, t.length() - 1, 10));
        // Only drop the paragraph when the preview will really be shown (not a duplicate).
        boolean willShow = !seen.contains(a.attrs.get("href")) && seen.size() < MAX_PREVIEWS;
        return a == links.get(0) && sameAsText(a) && willShow;
    }

    private static boolean sameAsText(Node a) {
        return a.text == null || a.text.isBlank() || a.text.equals(a.attrs.get("href"));
    }

    void append(List<Node> links, StringBuilder out) {
        for (Node a : links) {
            String href = a.attrs.get("href");
            if (!seen.add(href) || seen.size() > MAX_PREVIEWS) {
                continue;
            }
            st.hasImage = true;
            out.append("<div class=\"message_inline_image\"><a href=\"").append(Html.attr(href)).append('"');
            if (!sameAsText(a)) {
                out.append(" title=\"").append(Html.attr(a.text)).append('"');
            }
            out.append('>');
            if (href.startsWith("http")) {
                String q = Html.urlQuote(href);
                out.append("<img data-src-fullsize=\"/thumbnail?url=").append(q).append("&amp;size=full\" src=\"/thumbnail?url=")
                        .append(q).append("&amp;size=thumbnail\">");
            } else {
                String src = href.startsWith("/") ? href : "/" + href;
                out.append("<img src=\"").append(Html.attr(src)).append("\">");
            }
            out.append("</a></div>");
        }
    }
}
