package dev.stoa.markdown;

import dev.stoa.markdown.Inline.Hit;

/** Code spans, escapes, emphasis, strikethrough, entities and line breaks. */
final class BasicRules {
    private BasicRules() {}

    static final int MAX_CODE_SPAN = 4096;
    private static final String ESCAPABLE = "\\`*_{}[]()>#+-.!";

    /** {@code `code`} with any run length; the closing run must be exactly as long. */
    static Hit backtick(String s, int from, int phEnd) {
        int i = s.indexOf('`', from);
        while (i >= 0) {
            int n = runLength(s, i, '`');
            if (i == 0 || s.charAt(i - 1) != '\\') {
                int close = findRun(s, i + n, n);
                if (close > i + n) {
                    return new Hit(i, close + n, Inline.element("code", s.substring(i + n, close), true));
                }
            }
            i = s.indexOf('`', i + n);
        }
        return null;
    }

    private static int runLength(String s, int i, char c) {
        int j = i;
        while (j < s.length() && s.charAt(j) == c) {
            j++;
        }
        return j - i;
    }

    /** Start of the next run of exactly {@code n} backticks on the same line, or -1. */
    private static int findRun(String s, int from, int n) {
        int j = from;
        // Bounded: a code span longer than this on one line is not recognised (keeps hostile input linear).
        while (j < s.length() && j - from < MAX_CODE_SPAN) {
            char c = s.charAt(j);
            if (c == '\n') {
                return -1;
            }
            if (c == '`') {
                int len = runLength(s, j, '`');
                if (len == n) {
                    return j;
                }
                j += len;
            } else {
                j++;
            }
        }
        return -1;
    }

    static Hit escape(String s, int from, int phEnd) {
        int i = s.indexOf('\\', from);
        while (i >= 0 && i + 1 < s.length()) {
            if (ESCAPABLE.indexOf(s.charAt(i + 1)) >= 0) {
                return new Hit(i, i + 2, Inline.text(String.valueOf(s.charAt(i + 1))));
            }
            i = s.indexOf('\\', i + 1);
        }
        return null;
    }

    /** {@code ***x***}: strong wrapping em. */
    static Hit strongEm(String s, int from, int phEnd) {
        for (int i = s.indexOf("***", from); i >= 0; i = s.indexOf("***", i + 1)) {
            int end = delimitedEnd(s, i + 3, "***");
            if (end > 0) {
                Node strong = new Node("strong");
                strong.atomic = false;
                Node em = strong.add("em");
                em.text = s.substring(i + 3, end);
                strong.text = null;
                return new Hit(i, end + 3, strong);
            }
        }
        return null;
    }

    /** {@code *x*}: content has no '*', '^' or newline and no space just inside the stars. */
    static Hit emphasis(String s, int from, int phEnd) {
        for (int i = s.indexOf('*', from); i >= 0; i = s.indexOf('*', i + 1)) {
            int end = delimitedEnd(s, i + 1, "*");
            if (end > 0) {
                return new Hit(i, end + 1, Inline.element("em", s.substring(i + 1, end), false));
            }
        }
        return null;
    }

    /** End of the content starting at {@code start} if it is followed by {@code close}; else -1. */
    private static int delimitedEnd(String s, int start, String close) {
        if (start >= s.length() || Character.isWhitespace(s.charAt(start))) {
            return -1;
        }
        int j = start;
        while (j < s.length() && "*^\n".indexOf(s.charAt(j)) < 0) {
            j++;
        }
        if (j == start || Character.isWhitespace(s.charAt(j - 1)) || !s.startsWith(close, j)) {
            return -1;
        }
        return j;
    }

    /** {@code **x**}: lazy up to the next {@code **} on the same line. */
    static Hit strong(String s, int from, int phEnd) {
        int i = s.indexOf("**", from);
        while (i >= 0) {
            int nl = s.indexOf('\n', i);
            int lineEnd = nl < 0 ? s.length() : nl;
            int close = s.indexOf("**", i + 3);
            if (close >= 0 && close + 2 <= lineEnd) {
                return new Hit(i, close + 2, Inline.element("strong", s.substring(i + 2, close), false));
            }
            // No closer on this line: no later "**" on it can match either.
            i = nl < 0 ? -1 : s.indexOf("**", nl);
        }
        return null;
    }

    /** {@code ~~x~~}, not part of a longer tilde run. */
    static Hit del(String s, int from, int phEnd) {
        for (int i = s.indexOf("~~", from); i >= 0; i = s.indexOf("~~", i + 1)) {
            if (i > 0 && s.charAt(i - 1) == '~') {
                continue;
            }
            int j = i + 2;
            while (j < s.length() && s.charAt(j) != '~' && s.charAt(j) != '\n') {
                j++;
            }
            if (j > i + 2 && s.startsWith("~~", j) && (j + 2 >= s.length() || s.charAt(j + 2) != '~')) {
                return new Hit(i, j + 2, Inline.element("del", s.substring(i + 2, j), false));
            }
        }
        return null;
    }

    /** HTML character references pass through unescaped, as in Python-Markdown. */
    static Hit entity(String s, int from, int phEnd) {
        for (int i = s.indexOf('&', from); i >= 0; i = s.indexOf('&', i + 1)) {
            int j = i + 1;
            boolean numeric = j < s.length() && s.charAt(j) == '#';
            boolean hex = numeric && j + 1 < s.length() && (s.charAt(j + 1) == 'x' || s.charAt(j + 1) == 'X');
            j += numeric ? (hex ? 2 : 1) : 0;
            int startName = j;
            while (j < s.length() && j - startName < 32 && isRefChar(s.charAt(j), numeric, hex)) {
                j++;
            }
            if (j > startName && j < s.length() && s.charAt(j) == ';') {
                return new Hit(i, j + 1, Inline.raw(s.substring(i, j + 1)));
            }
        }
        return null;
    }

    private static boolean isRefChar(char c, boolean numeric, boolean hex) {
        if (c >= '0' && c <= '9') {
            return true;
        }
        boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!numeric) {
            return letter;
        }
        return hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
    }

    static Hit lineBreak(String s, int from, int phEnd) {
        int i = s.indexOf('\n', from);
        return i < 0 ? null : new Hit(i, i + 1, new Node("br"));
    }

}
