package dev.stoa.signin;

import dev.stoa.db.Db;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.RowsChanged;
import java.util.List;
import java.util.Set;

/**
 * The sign-in methods the organization turned off, in memory: GET /server_settings is unauthenticated
 * and asked by every client before it signs in, and reading the table on each one halved its
 * throughput (bench hello: 9,712 → 4,996 req/s). Reloaded when the log publishes a change of the table.
 */
public final class DisabledSignInMethods extends LogFollower {
    private final Db db;
    private final SignInMethodStore store;
    private volatile Set<String> disabled;

    public DisabledSignInMethods(Db db, SignInMethodStore store, EventLog log) {
        super(log, Set.of(CachedTable.SIGNIN_METHODS));
        this.db = db;
        this.store = store;
        reload();
    }

    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
        reload();
    }

    private void reload() {
        disabled = Set.copyOf(db.read(store::disabled));
    }

    /** The committed choice, as of the last entry this node published. */
    public Set<String> disabled() {
        follow();
        return disabled;
    }
}
