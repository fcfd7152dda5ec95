package dev.stoa.messages;

import java.util.List;
import java.util.Locale;

/** Whether a message's content contains one of a user's alert words: case-insensitive, as a whole word. */
final class AlertWords {
    private AlertWords() {}

    static boolean matches(String content, List<String> words) {
        if (words == null || words.isEmpty()) return false;
        String text = content.toLowerCase(Locale.ROOT);
        for (String w : words) {
            String word = w.toLowerCase(Locale.ROOT);
            for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
                if (boundary(text, i - 1) && boundary(text, i + word.length())) return true;
            }
        }
        return false;
    }

    /** A word ends where the text ends or at a character that is not a letter or digit. */
    private static boolean boundary(String text, int i) {
        return i < 0 || i >= text.length() || !Character.isLetterOrDigit(text.charAt(i));
    }
}
