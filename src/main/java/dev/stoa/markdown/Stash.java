package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.List;

/**
 * Holds finished HTML fragments (code blocks, KaTeX, spoiler frames) behind placeholders so the
 * later markdown stages cannot alter them. Placeholder delimiters are control characters that
 * are stripped from user input first, so input can never forge a placeholder.
 */
final class Stash {
    static final char OPEN = '\u0002';
    static final char CLOSE = '\u0003';

    private final List<String> html = new ArrayList<>();
    private final List<Boolean> block = new ArrayList<>();

    String put(String fragment, boolean blockLevel) {
        html.add(fragment);
        block.add(blockLevel);
        return OPEN + "S" + (html.size() - 1) + CLOSE;
    }

    /** Index of the placeholder starting at {@code s[i]}, or -1. */
    int indexAt(String s, int i) {
        if (i + 2 >= s.length() || s.charAt(i) != OPEN || s.charAt(i + 1) != 'S') {
            return -1;
        }
        int end = s.indexOf(CLOSE, i + 2);
        if (end < 0 || end - i > 12) {
            return -1;
        }
        try {
            int idx = Integer.parseInt(s, i + 2, end, 10);
            return idx < html.size() ? idx : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    int placeholderEnd(String s, int i) {
        return s.indexOf(CLOSE, i) + 1;
    }

    int size() {
        return html.size();
    }

    String html(int idx) {
        return html.get(idx);
    }

    boolean isBlock(int idx) {
        return block.get(idx);
    }
}
