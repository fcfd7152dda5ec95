package dev.stoa.db;

import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * One write transaction: the Jdbi handle plus hooks that run after commit, in commit order
 * (while appends are still serialized), e.g. publishing appended events to the in-memory log.
 */
public final class Tx {
    private final Handle handle;
    private final Db db;
    private final List<Runnable> afterCommit = new ArrayList<>();
    private boolean appendLocked;

    Tx(Handle handle, Db db) {
        this.handle = handle;
        this.db = db;
    }

    public Handle h() { return handle; }
    public Dialect dialect() { return db.dialect(); }

    public void afterCommit(Runnable r) { afterCommit.add(r); }

    List<Runnable> afterCommitHooks() { return afterCommit; }

    /**
     * Serializes this transaction's event appends with every other node's and thread's until it
     * commits: ids then commit in increasing order (EventLog publishes them in that order).
     */
    public void lockAppends() {
        if (appendLocked) return;
        appendLocked = true;
        db.lockAppends(this);
    }

    boolean appendLocked() { return appendLocked; }

    /**
     * Whether no other append can commit before this transaction does: it holds the append lock, or
     * the database has one writer (SQLite's write lock is taken at BEGIN IMMEDIATE, by every process).
     */
    public boolean appendsSerialized() { return appendLocked || db.dialect() == Dialect.SQLITE; }
}
