package dev.stoa.events;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Condition;

/**
 * Parked polls by user, so that a published entry wakes only the polls it may concern: fan-out
 * costs the number of listening recipients, not of all parked polls. Guarded by the log's lock;
 * each poll parks on its own Condition of that lock.
 */
final class Waiters {
    /** A parked poll: its queue's user (null for a spectator) and whether it takes every public channel's messages. */
    record Parked(Long userId, boolean allPublicStreams, Condition condition) {}

    private final Map<Long, List<Parked>> byUser = new HashMap<>();
    /** Queues registered with all_public_streams, which also take messages in public channels they are not in. */
    private final List<Parked> publicWatchers = new ArrayList<>();

    void add(Parked p) {
        if (p.userId() != null) byUser.computeIfAbsent(p.userId(), k -> new ArrayList<>()).add(p);
        if (p.allPublicStreams()) publicWatchers.add(p);
    }

    void remove(Parked p) {
        if (p.userId() != null) {
            List<Parked> mine = byUser.get(p.userId());
            if (mine != null && mine.remove(p) && mine.isEmpty()) byUser.remove(p.userId());
        }
        if (p.allPublicStreams()) publicWatchers.remove(p);
    }

    /** Wakes the polls an entry with these recipients may reach (Delivery then decides exactly). */
    void wake(Recipients r) {
        if (r instanceof Recipients.Users u) {
            for (long id : u.sortedIds()) signal(byUser.get(id));
            if (u.publicChannel()) signal(publicWatchers);
        } else {
            wakeAll();
        }
    }

    void wakeAll() {
        byUser.values().forEach(Waiters::signal);
        for (Parked p : publicWatchers) if (p.userId() == null) p.condition().signal(); // the others were just signalled
    }

    private static void signal(List<Parked> parked) {
        if (parked != null) for (Parked p : parked) p.condition().signal();
    }
}
