package dev.stoa.alertwords;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * SQL for alert words. {@link #words} and {@link #wordsFor} are what message delivery uses to set
 * the has_alert_word flag (matching is case-insensitive, on word boundaries, as in Zulip).
 */
public final class AlertWordStore {
    /** A user's alert words, as entered, in alphabetical order (case-insensitive). */
    public List<String> words(Handle h, long userId) {
        return h.createQuery("SELECT word FROM alert_words WHERE user_id = ? ORDER BY word_lower").bind(0, userId).mapTo(String.class).list();
    }

    /** The alert words of several users (message recipients); users without any are absent. */
    public Map<Long, List<String>> wordsFor(Handle h, Collection<Long> userIds) {
        Map<Long, List<String>> out = new HashMap<>();
        if (userIds.isEmpty()) return out;
        h.createQuery("SELECT user_id, word FROM alert_words WHERE user_id IN (<ids>) ORDER BY word_lower")
                .bindList("ids", List.copyOf(userIds))
                .map((rs, ctx) -> Map.entry(rs.getLong(1), rs.getString(2)))
                .forEach(e -> out.computeIfAbsent(e.getKey(), k -> new java.util.ArrayList<>()).add(e.getValue()));
        return out;
    }

    public void add(Handle h, long userId, String word) {
        h.execute("INSERT INTO alert_words (user_id, word, word_lower) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                userId, word, word.toLowerCase(java.util.Locale.ROOT));
    }

    public void remove(Handle h, long userId, String word) {
        h.execute("DELETE FROM alert_words WHERE user_id = ? AND word_lower = ?", userId, word.toLowerCase(java.util.Locale.ROOT));
    }
}
