package dev.stoa.markdown;

import dev.stoa.markdown.Inline.Hit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/** {@code [text](url)} links and Zulip's bare-URL autolinking, with URL sanitizing. */
final class Links {
    private static final String TRAILING_PUNCT = "!:;?),.'\">";
    private static final int MAX_URL = 2048;
    private static final int MAX_PAREN_DEPTH = 7;
    private static final Set<String> TLDS = loadTlds();
    private static final int MAX_TLD = TLDS.stream().mapToInt(String::length).max().orElse(0);

    private final RenderState st;

    Links(RenderState st) {
        this.st = st;
    }

    private static Set<String> loadTlds() {
        Set<String> s = new HashSet<>();
        try (var in = Links.class.getResourceAsStream("tlds.txt");
                var r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            r.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).forEach(l -> s.add(l.strip()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return s;
    }

    /** Zulip's sanitize_url: allow-listed schemes only; scheme-less non-relative URLs get http://. */
    static String sanitize(String url) {
        String u = url.strip();
        if (u.isEmpty()) {
            return null;
        }
        int colon = u.indexOf(':');
        int stop = firstOf(u, "/?#");
        if (colon >= 0 && (stop < 0 || colon < stop)) {
            String scheme = u.substring(0, colon).toLowerCase(Locale.ROOT);
            boolean allowed = switch (scheme) {
                case "http", "https", "ftp", "mailto", "tel", "sms" -> true;
                default -> false;
            };
            return allowed && Html.safeUrl(u) ? u : null;
        }
        if (u.startsWith("/") || u.startsWith("#") || u.startsWith("?") || u.startsWith(".")) {
            return Html.safeUrl(u) ? u : null;
        }
        return "http://" + u;
    }

    private static int firstOf(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** Links into this realm's own app become relative, as Zulip's rewrite_local_links_to_relative. */
    String relative(String href) {
        String realm = st.ctx.realmUrl();
        if (realm != null && !realm.isEmpty()) {
            String prefix = realm.endsWith("/") ? realm : realm + "/";
            if (href.startsWith(prefix + "#") || href.startsWith(prefix + "user_uploads/")) {
                return href.substring(prefix.length());
            }
        }
        return href;
    }

    boolean budgetLeft() {
        return st.budgetLeft();
    }

    void spend(long n) {
        st.spend(n);
    }

    Node anchor(String href, String text) {
        Node a = Inline.element("a", text, true);
        a.attrs.put("href", relative(href));
        return a;
    }

    // ---------------- [text](url) ----------------

    Hit link(String s, int from, int phEnd) {
        for (int i = s.indexOf('[', from); i >= 0; i = s.indexOf('[', i + 1)) {
            int close = matchingBracket(s, i);
            if (close < 0 || close + 1 >= s.length() || s.charAt(close + 1) != '(') {
                continue;
            }
            int end = matchingParen(s, close + 1);
            if (end < 0) {
                continue;
            }
            String href = sanitize(destination(s.substring(close + 2, end)));
            if (href == null) {
                continue;
            }
            String text = s.substring(i + 1, close);
            Node a = anchor(href, text.isBlank() ? relative(href) : text);
            return new Hit(i, end + 1, a);
        }
        return null;
    }

    private static String destination(String inside) {
        String d = inside.strip();
        int sp = d.indexOf(' ');
        if (sp > 0 && (d.endsWith("\"") || d.endsWith("'"))) {
            d = d.substring(0, sp); // drop a "title"
        }
        if (d.startsWith("<") && d.endsWith(">")) {
            d = d.substring(1, d.length() - 1);
        }
        return d;
    }

    private int matchingBracket(String s, int open) {
        if (!st.budgetLeft()) {
            return -1;
        }
        int depth = 0;
        for (int j = open; j < s.length() && j - open < MAX_URL; j++) {
            char c = s.charAt(j);
            if (c == '\\') {
                j++;
            } else if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                st.spend(j - open);
                return j;
            }
        }
        st.spend(Math.min(MAX_URL, s.length() - open));
        return -1;
    }

    private int matchingParen(String s, int open) {
        if (!st.budgetLeft()) {
            return -1;
        }
        int depth = 0;
        for (int j = open; j < s.length() && j - open < MAX_URL; j++) {
            char c = s.charAt(j);
            if (c == '\n' && j > open && s.charAt(j - 1) == '\n') {
                return -1;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                st.spend(j - open);
                return j;
            }
        }
        st.spend(Math.min(MAX_URL, s.length() - open));
        return -1;
    }

    // ---------------- bare URLs ----------------

    Hit autolink(String s, int from, int phEnd) {
        for (int i = from; i < s.length(); i++) {
            if (!Inline.startOk(s, i, phEnd, "'\"(,:<")) {
                continue;
            }
            int end = urlEnd(s, i);
            if (end > i) {
                String url = s.substring(i, end);
                String href = url.startsWith("http://") || url.startsWith("https://") ? url
                        : url.contains("@") && !url.contains("/") ? "mailto:" + url : "http://" + url;
                return new Hit(i, end, anchor(href, url));
            }
        }
        return null;
    }

    private int urlEnd(String s, int i) {
        char c = s.charAt(i);
        if (!(Inline.isWord(c) || c == '-')) {
            return -1;
        }
        if (s.startsWith("http://", i) || s.startsWith("https://", i)) {
            int e = protocolUrlEnd(s, i + (s.startsWith("https", i) ? 8 : 7));
            if (e > 0) {
                return e;
            }
        }
        int e = domainUrlEnd(s, i);
        return e > 0 ? e : emailEnd(s, i);
    }

    /** After the scheme: a lazy host of [\w.:@-], then an optional path. */
    private int protocolUrlEnd(String s, int hostStart) {
        for (int q = hostStart + 1; q <= s.length() && q - hostStart < MAX_URL && st.spend(1); q++) {
            char prev = s.charAt(q - 1);
            if (!(Inline.isWord(prev) || ".:@-".indexOf(prev) >= 0)) {
                return -1;
            }
            if (q < s.length() && s.charAt(q) == '/') {
                int p = pathEnd(s, q);
                if (p > 0) {
                    return p;
                }
            }
            if (trailingOk(s, q)) {
                return q;
            }
        }
        return -1;
    }

    /** {@code (?:[\w-]+\.)+TLD} then an optional path; tries the longest host first. */
    private int domainUrlEnd(String s, int i) {
        int[] labelStarts = new int[64];
        int count = 0;
        int j = i;
        while (count < labelStarts.length) {
            int k = j;
            while (k < s.length() && (Inline.isWord(s.charAt(k)) || s.charAt(k) == '-')) {
                k++;
            }
            if (k == j || k >= s.length() || s.charAt(k) != '.') {
                break;
            }
            j = k + 1;
            labelStarts[count++] = j;
        }
        st.work.add(j - i + 1);
        for (int n = count - 1; n >= 0; n--) {
            int e = tldEnd(s, labelStarts[n]);
            if (e > 0) {
                return e;
            }
        }
        return -1;
    }

    private int tldEnd(String s, int t) {
        for (int len = Math.min(MAX_TLD, s.length() - t); len >= 2; len--) {
            if (!TLDS.contains(s.substring(t, t + len))) {
                continue;
            }
            int e = t + len;
            if (e < s.length() && s.charAt(e) == '/') {
                int p = pathEnd(s, e);
                if (p > 0) {
                    return p;
                }
            }
            if (trailingOk(s, e)) {
                return e;
            }
        }
        return -1;
    }

    private int emailEnd(String s, int i) {
        int at = i;
        while (at < s.length() && (Inline.isWord(s.charAt(at)) || s.charAt(at) == '.' || s.charAt(at) == '-')) {
            at++;
        }
        if (at == i || at >= s.length() || s.charAt(at) != '@') {
            return -1;
        }
        int e = at + 1;
        while (e < s.length() && (Inline.isWord(s.charAt(e)) || s.charAt(e) == '.' || s.charAt(e) == '-')) {
            e++;
        }
        st.work.add(e - i);
        for (int d = e - 1; d > at + 1; d--) {
            if (s.charAt(d) != '.') {
                continue;
            }
            int w = d + 1;
            while (w < e && Inline.isWord(s.charAt(w))) {
                w++;
            }
            if (w > d + 1 && trailingOk(s, w)) {
                return w;
            }
        }
        return -1;
    }

    /** Earliest end of a path starting with '/' at p0, where parentheses balance (at most 7 deep). */
    private int pathEnd(String s, int p0) {
        int depth = 0;
        for (int p = p0 + 1; p - p0 < MAX_URL; p++) {
            if (!st.spend(1)) {
                return -1;
            }
            if (depth == 0 && trailingOk(s, p)) {
                return p;
            }
            if (p >= s.length()) {
                return -1;
            }
            char c = s.charAt(p);
            if (Character.isWhitespace(c) || c == '"' || c == Inline.OPEN || c == Inline.CLOSE) {
                return -1;
            }
            if (c == '(' && ++depth > MAX_PAREN_DEPTH) {
                return -1;
            }
            if (c == ')' && depth-- == 0) {
                return -1;
            }
        }
        return -1;
    }

    /** The URL may end here: optional trailing punctuation, then whitespace or end of text. */
    private boolean trailingOk(String s, int p) {
        int q = p;
        while (q < s.length() && TRAILING_PUNCT.indexOf(s.charAt(q)) >= 0 && q - p < 16) {
            q++;
        }
        return q >= s.length() || Character.isWhitespace(s.charAt(q));
    }
}
