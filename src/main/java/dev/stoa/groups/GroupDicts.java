package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.RowsChanged;
import dev.stoa.http.Json;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.jdbi.v3.core.Handle;

/**
 * register's realm_user_groups, kept serialized. Measured: in a 10,000-person organization reading
 * every membership and building the dicts was a fifth of register's CPU, for an answer the same for
 * every viewer that changes only with groups, memberships or users' activity. As {@code UserCache},
 * it is asked at register's snapshots only: its state is labelled with the log head it was read at,
 * reused for a snapshot when no RowsChanged of its tables lies between the two heads, else read
 * again through the snapshot's handle (a change of groups or users is rare next to registers).
 */
public final class GroupDicts extends LogFollower {
    /** The array with and without deactivated groups (include_deactivated_groups), as of log head {@code head}. */
    private record Kept(long head, byte[] active, byte[] all) {}

    private final GroupStore store;
    private final ReentrantLock update = new ReentrantLock();
    private volatile Kept kept;

    public GroupDicts(EventLog log, GroupStore store) {
        super(log, Set.of(CachedTable.USER_GROUPS, CachedTable.USERS));
        this.store = store;
    }

    /** realm_user_groups as of h's snapshot (register's, or h's own), written raw. */
    public JsonNode groups(Handle h, boolean withDeactivated) {
        if (changedIn(h)) return GroupJson.apiGroups(store.listing(h, withDeactivated, null));
        Snapshot snap = snapshot();
        long at = snap != null && snap.h() == h ? snap.head() : EventLog.headIn(h);
        Kept k = kept;
        if (k == null || k.head != at) {
            update.lock();
            try {
                k = keptAt(h, at);
            } finally {
                update.unlock();
            }
        }
        return Json.raw(withDeactivated ? k.all : k.active);
    }

    /** Called with the lock held: reads only through h. */
    private Kept keptAt(Handle h, long at) {
        Kept k = kept;
        if (k == null) return keep(load(h, at));
        if (k.head == at) return k;
        List<RowsChanged.Seen> changes = changesBetween(h, k.head, at);
        Kept next = changes != null && changes.isEmpty() ? new Kept(at, k.active, k.all) : load(h, at);
        return at > k.head ? keep(next) : next;
    }

    private Kept keep(Kept k) {
        kept = k;
        return k;
    }

    private Kept load(Handle h, long at) {
        GroupStore.Listing all = store.listing(h, true, null);
        GroupStore.Listing active = new GroupStore.Listing(all.groups().stream().filter(g -> !g.deactivated()).toList(),
                all.members(), all.subgroups(), all.activeUsers());
        return new Kept(at, Json.bytes(GroupJson.apiGroups(active)), Json.bytes(GroupJson.apiGroups(all)));
    }

    /** Nothing to follow: it is asked at register's snapshots only, and reads the changes between two of them. */
    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
    }
}
