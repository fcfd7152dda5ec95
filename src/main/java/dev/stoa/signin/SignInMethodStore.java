package dev.stoa.signin;

import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;

/** The sign-in methods the organization turned off (table signin_methods_disabled), by Zulip's backend name. */
public final class SignInMethodStore {
    private final EventLog log;

    public SignInMethodStore(EventLog log) {
        this.log = log;
    }

    public Set<String> disabled(Handle h) {
        return new TreeSet<>(h.createQuery("SELECT backend FROM signin_methods_disabled").mapTo(String.class).list());
    }

    public void set(Tx tx, String backend, boolean enabled) {
        if (enabled) tx.h().execute("DELETE FROM signin_methods_disabled WHERE backend = ?", backend);
        else tx.h().execute("INSERT INTO signin_methods_disabled (backend) VALUES (?) ON CONFLICT DO NOTHING", backend);
        log.rowsChanged(tx, CachedTable.SIGNIN_METHODS, List.of());
    }
}
