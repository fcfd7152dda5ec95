package dev.stoa.markdown;

import dev.stoa.markdown.Inline.Hit;

/** Inline {@code $$tex$$}: KaTeX when available, else Zulip's {@code tex-error} fallback. */
final class TexRule {
    private final RenderState st;

    TexRule(RenderState st) {
        this.st = st;
    }

    Hit find(String s, int from, int phEnd) {
        for (int i = s.indexOf("$$", from); i >= 0; i = s.indexOf("$$", i + 1)) {
            char before = Inline.prev(s, i, phEnd);
            if ((i > 0 && (before == '$' || Inline.isWord(before)))) {
                continue;
            }
            int close = closing(s, i + 2);
            if (close > 0) {
                String body = s.substring(i + 2, close);
                String html = st.katex.render(body, false);
                Node n = html != null ? Inline.raw(html) : Inline.element("span", "$$" + body + "$$", true);
                if (html == null) {
                    n.attrs.put("class", "tex-error");
                }
                return new Hit(i, close + 2, n);
            }
        }
        return null;
    }

    /** Start of the closing {@code $$} for a body starting at {@code b}, or -1 (see Zulip's TEX regex). */
    private int closing(String s, int b) {
        if (b >= s.length() || "\n_$".indexOf(s.charAt(b)) >= 0) {
            return -1;
        }
        int j = b;
        int lastEscaped = -1;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (c == '\\' && j + 1 < s.length() && s.charAt(j + 1) == '$') {
                lastEscaped = j;
                j += 2;
            } else if (c == '$' || c == '\n') {
                break;
            } else {
                j++;
            }
        }
        st.work.add(j - b);
        if (closes(s, j)) {
            return j;
        }
        // Backtracking: an escaped "\$" may instead be a backslash followed by the closing "$$".
        for (int k = lastEscaped; k >= b; k--) {
            if (s.charAt(k) == '\\' && k + 1 < s.length() && s.charAt(k + 1) == '$' && k > b - 1 && closes(s, k + 1)) {
                return k + 1;
            }
            if (k < j - 64) {
                break;
            }
        }
        return -1;
    }

    private static boolean closes(String s, int j) {
        if (!s.startsWith("$$", j)) {
            return false;
        }
        int after = j + 2;
        return after >= s.length() || (s.charAt(after) != '$' && !Inline.isWord(s.charAt(after)));
    }
}
