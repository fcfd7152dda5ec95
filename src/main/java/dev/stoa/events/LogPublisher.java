package dev.stoa.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Moves committed entries into the {@link LogWindow}, in id order, never twice, none skipped. A
 * publisher — the committing thread for its own entry, or the {@link LogTailer} for other nodes'
 * and processes' entries — holds the PUBLISH lock, first reads from the table every committed id
 * between the head and its own entry, and publishes only ids above the head. Ids commit in
 * increasing order because appends are serialized (SQLite's single writer, PostgreSQL's advisory
 * lock), so what the table holds below a committed id is final.
 */
final class LogPublisher {
    private final Db db;
    private final LogWindow window;
    private final LogLock lock = new LogLock(LogLock.Rank.PUBLISH);
    /** Ephemeral entries not yet published, by id: this node's, and other nodes' received by NOTIFY. */
    private final ConcurrentSkipListMap<Long, LoggedEvent> unstored = new ConcurrentSkipListMap<>();
    private final CatchUpSeam seam;

    /**
     * The point in {@link #catchUp} between its read of the table and its merge with the ephemeral entries, where
     * the race of issue 30 lives: LogPublisherTest pauses there to commit and receive entries in between.
     */
    interface CatchUpSeam {
        CatchUpSeam NONE = () -> {};

        void betweenReadAndMerge();
    }

    LogPublisher(Db db, LogWindow window, CatchUpSeam seam) {
        this.db = db;
        this.window = window;
        this.seam = seam;
    }

    /** An ephemeral entry of this node, known before its commit: a publisher filling the gap below a later entry finds it here. */
    void expectUnstored(LoggedEvent e) {
        unstored.put(e.id(), e);
    }

    /**
     * An ephemeral entry another node published (the tailer's NOTIFY payload); published with the next catch-up.
     * One from another schema (another Stoa on the same PostgreSQL database) belongs to another log: ignored.
     */
    void receiveEphemeral(String notice, String listenerSchema) {
        JsonNode n = Json.parse(notice);
        if (!listenerSchema.equals(n.path("schema").asText())) return;
        long id = n.get("id").asLong();
        if (id <= window.head()) return; // this node's own, published already (or one that came too late to keep its order)
        unstored.put(id, new LoggedEvent(id, n.get("created_at").asLong(), EventType.of(n.get("type").asText()), (ObjectNode) n.get("payload"),
                Recipients.fromJson(n.get("recipients")), false, Hints.read(n.get("hints"))));
    }

    /** Publishes a committed local entry, after any committed entry below it that is not published yet. */
    void publishCommitted(LoggedEvent e) {
        lock.lock();
        try {
            long h = window.head();
            if (e.id() <= h) return; // the tailer published it already
            if (e.id() > h + 1) window.publish(withUnstored(db.read(r -> EventStore.range(r, h, e.id() - 1)), h, e.id() - 1));
            unstored.remove(e.id());
            window.publish(List.of(e));
        } finally {
            lock.unlock();
        }
    }

    /** Reads and publishes every committed entry above the head; returns how many. */
    int catchUp() {
        lock.lock();
        try {
            long h = window.head();
            // An ephemeral entry known before the read started had every id below it committed before it was
            // taken, so the read sees them all. One that arrives during the read may sit just above a stored
            // entry committed after the read began: publishing it now would put the head past that entry, which
            // this node would then never deliver. So only ephemeral ids up to the newest known before the read,
            // or below an id the read saw, go out now; the rest wait for their own commit or the next catch-up.
            long known = unstored.isEmpty() ? h : unstored.lastKey();
            List<LoggedEvent> fromTable = db.read(r -> EventStore.range(r, h, Long.MAX_VALUE));
            seam.betweenReadAndMerge();
            long upTo = fromTable.isEmpty() ? known : Math.max(known, fromTable.getLast().id());
            List<LoggedEvent> found = withUnstored(fromTable, h, upTo);
            window.publish(found);
            return found.size();
        } finally {
            lock.unlock();
        }
    }

    /** Table entries in (after, upTo] with the unstored ones of that range, in id order; those leave {@code unstored}. */
    private List<LoggedEvent> withUnstored(List<LoggedEvent> fromTable, long after, long upTo) {
        var gap = unstored.headMap(upTo, true);
        if (gap.isEmpty()) return fromTable;
        List<LoggedEvent> out = new ArrayList<>(fromTable);
        Set<Long> stored = new HashSet<>();
        for (LoggedEvent e : fromTable) stored.add(e.id());
        // an id in the table too was never an ephemeral's: its transaction rolled back and the id was taken again
        for (LoggedEvent e : gap.values()) if (e.id() > after && !stored.contains(e.id())) out.add(e);
        gap.clear();
        out.sort(Comparator.comparingLong(LoggedEvent::id));
        return out;
    }
}
