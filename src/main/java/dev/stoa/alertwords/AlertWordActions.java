package dev.stoa.alertwords;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.identity.User;
import java.util.List;

/** Alert-word changes; the alert_words event (the whole new list) goes to the user's clients. */
public final class AlertWordActions {
    private final Db db;
    private final EventLog log;
    private final AlertWordStore store;

    public AlertWordActions(Db db, EventLog log, AlertWordStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
    }

    /** Words (stripped, non-empty) to add, or to remove when add is false. */
    public record Change(List<String> words, boolean add) {}

    /** Adds or removes the caller's words; returns the new list. No event when nothing changed. */
    public List<String> checkChange(User caller, Change input) {
        long userId = caller.id();
        List<String> words = input.words();
        boolean add = input.add();
        return db.write(tx -> {
            List<String> before = store.words(tx.h(), userId);
            for (String w : words) {
                if (add) store.add(tx, userId, w);
                else store.remove(tx, userId, w);
            }
            List<String> after = store.words(tx.h(), userId);
            if (!after.equals(before)) log.append(tx, new MiscEvent.AlertWords(after), Recipients.users(userId));
            return after;
        });
    }
}
