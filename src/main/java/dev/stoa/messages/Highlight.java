package dev.stoa.messages;

import java.util.List;
import java.util.Locale;

/** Search-match highlighting as Zulip renders it: matching words wrapped in {@code <span class="highlight">}. */
final class Highlight {
    private Highlight() {}

    /** Highlights words in the text parts of rendered HTML (never inside tags). */
    static String html(String html, List<String> terms) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < html.length()) {
            int lt = html.indexOf('<', i);
            if (lt < 0) lt = html.length();
            out.append(words(html.substring(i, lt), terms));
            if (lt >= html.length()) break;
            int gt = html.indexOf('>', lt);
            if (gt < 0) gt = html.length() - 1;
            out.append(html, lt, gt + 1);
            i = gt + 1;
        }
        return out.toString();
    }

    static String text(String plain, List<String> terms) {
        return words(escape(plain), terms);
    }

    private static String words(String s, List<String> terms) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            if (Character.isLetterOrDigit(cp) || cp == '_') {
                int j = i;
                while (j < s.length() && (Character.isLetterOrDigit(s.codePointAt(j)) || s.codePointAt(j) == '_')) j += Character.charCount(s.codePointAt(j));
                String w = s.substring(i, j);
                if (matches(w.toLowerCase(Locale.ROOT), terms)) out.append("<span class=\"highlight\">").append(w).append("</span>");
                else out.append(w);
                i = j;
            } else {
                out.appendCodePoint(cp);
                i += Character.charCount(cp);
            }
        }
        return out.toString();
    }

    private static boolean matches(String w, List<String> terms) {
        for (String t : terms) {
            String stem = t.length() > 4 ? t.substring(0, t.length() - Math.min(2, t.length() - 4)) : t;
            if (w.equals(t) || w.startsWith(stem)) return true;
        }
        return false;
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#x27;");
    }
}
