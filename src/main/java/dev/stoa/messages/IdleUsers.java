package dev.stoa.messages;

import dev.stoa.db.Db;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.RowsChanged;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Who is soft-deactivated, in memory: every authenticated request asks it (one set lookup), and
 * only an idle person's request goes to the database. Reloaded when the log publishes a change of
 * soft_deactivated. A stale "idle" costs one write that finds nothing; a stale "not idle" cannot
 * happen for a request, which catches the log up with the database first (CatchUpFront).
 */
public final class IdleUsers extends LogFollower {
    private final Db db;
    private final IdleStore store;
    private volatile Set<Long> ids;

    public IdleUsers(Db db, EventLog log, IdleStore store) {
        super(log, Set.of(CachedTable.SOFT_DEACTIVATED));
        this.db = db;
        this.store = store;
        this.ids = Set.copyOf(db.read(store::all));
    }

    /** Reads again only the people named (a returning person does not reload thousands of ids); null: everyone. */
    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
        if (changes == null) {
            ids = Set.copyOf(db.read(store::all));
            return;
        }
        Set<Long> named = new HashSet<>();
        for (RowsChanged.Seen c : changes) named.addAll(c.ids());
        Set<Long> stillIdle = db.read(h -> store.idleAmong(h, named).keySet());
        Set<Long> next = new HashSet<>(ids);
        next.removeAll(named);
        next.addAll(stillIdle);
        ids = Set.copyOf(next);
    }

    public boolean contains(long userId) {
        follow();
        return ids.contains(userId);
    }
}
