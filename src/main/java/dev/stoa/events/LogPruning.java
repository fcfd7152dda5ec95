package dev.stoa.events;

import dev.stoa.db.Db;

/** Deletes table entries no live queue needs, and remembers how far: a queue behind that has lost events. */
final class LogPruning {
    private final Db db;
    /** Ids at or below this were pruned from the table. */
    private volatile long prunedThrough;

    LogPruning(Db db, long prunedThrough) {
        this.db = db;
        this.prunedThrough = prunedThrough;
    }

    long prunedThrough() { return prunedThrough; }

    void prune(long through) {
        if (through <= prunedThrough) return;
        db.write(tx -> {
            EventStore.deleteThrough(tx.h(), through);
            return null;
        });
        prunedThrough = through;
    }
}
