package dev.stoa.alertwords;

import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * SQL for alert words. Message sending reads them from {@link AlertWordCache} to set the
 * has_alert_word flag (matching is case-insensitive, on word boundaries, as in Zulip). Its writes
 * append {@link dev.stoa.events.RowsChanged} (alert_words, the user's id), which that cache follows.
 */
public final class AlertWordStore {
    private final EventLog log;

    public AlertWordStore(EventLog log) {
        this.log = log;
    }

    /** A user's alert words, as entered, in alphabetical order (case-insensitive). */
    public List<String> words(Handle h, long userId) {
        return h.createQuery("SELECT word FROM alert_words WHERE user_id = ? ORDER BY word_lower").bind(0, userId).mapTo(String.class).list();
    }

    /** Every user's alert words, as (user id, word) pairs, each user's in alphabetical order. */
    public List<Map.Entry<Long, String>> all(Handle h) {
        return h.createQuery("SELECT user_id, word FROM alert_words ORDER BY word_lower")
                .map((rs, ctx) -> Map.entry(rs.getLong(1), rs.getString(2))).list();
    }

    public void add(Tx tx, long userId, String word) {
        tx.h().execute("INSERT INTO alert_words (user_id, word, word_lower) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                userId, word, word.toLowerCase(Locale.ROOT));
        log.rowsChanged(tx, CachedTable.ALERT_WORDS, List.of(userId));
    }

    public void remove(Tx tx, long userId, String word) {
        tx.h().execute("DELETE FROM alert_words WHERE user_id = ? AND word_lower = ?", userId, word.toLowerCase(Locale.ROOT));
        log.rowsChanged(tx, CachedTable.ALERT_WORDS, List.of(userId));
    }
}
