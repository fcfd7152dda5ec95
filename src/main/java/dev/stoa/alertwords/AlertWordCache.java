package dev.stoa.alertwords;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.CachedTable;
import dev.stoa.events.RowsChanged;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every user's alert words in memory, for message sending (a big channel's recipients would
 * otherwise be one query with thousands of ids per message). Reloaded from committed state when
 * the log published a change of the alert_words table, so every node agrees.
 */
public final class AlertWordCache extends LogFollower {
    private final Db db;
    private final AlertWordStore store;
    private volatile Map<Long, List<String>> words;

    public AlertWordCache(Db db, EventLog log, AlertWordStore store) {
        super(log, Set.of(CachedTable.ALERT_WORDS));
        this.db = db;
        this.store = store;
        this.words = load();
    }

    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
        words = load();
    }

    private Map<Long, List<String>> load() {
        Map<Long, List<String>> out = new HashMap<>();
        db.read(store::all).forEach(e -> out.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
        return out;
    }

    /** The alert words of these users; users without any are absent. */
    public Map<Long, List<String>> wordsFor(Collection<Long> userIds) {
        follow();
        Map<Long, List<String>> all = words;
        Map<Long, List<String>> out = new HashMap<>();
        if (all.isEmpty()) return out;
        for (long u : userIds) {
            List<String> w = all.get(u);
            if (w != null) out.put(u, w);
        }
        return out;
    }
}
