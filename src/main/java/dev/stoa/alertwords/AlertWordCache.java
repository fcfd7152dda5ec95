package dev.stoa.alertwords;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogTail;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every user's alert words in memory, for message sending (a big channel's recipients would
 * otherwise be one query with thousands of ids per message). Reloaded from committed state when
 * an alert_words event was published, so every node agrees.
 */
public final class AlertWordCache {
    private final Db db;
    private final AlertWordStore store = new AlertWordStore();
    private final LogTail tail;
    private volatile Map<Long, List<String>> words;

    public AlertWordCache(Db db, EventLog log) {
        this.db = db;
        this.tail = new LogTail(log, Set.of("alert_words"));
        this.words = load();
    }

    private Map<Long, List<String>> load() {
        Map<Long, List<String>> out = new HashMap<>();
        db.read(store::all).forEach(e -> out.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
        return out;
    }

    /** The alert words of these users; users without any are absent. */
    public synchronized Map<Long, List<String>> wordsFor(Collection<Long> userIds) {
        if (tail.changed()) words = load();
        Map<Long, List<String>> out = new HashMap<>();
        if (words.isEmpty()) return out;
        for (long u : userIds) {
            List<String> w = words.get(u);
            if (w != null) out.put(u, w);
        }
        return out;
    }
}
