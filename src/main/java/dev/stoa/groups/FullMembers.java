package dev.stoa.groups;

import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.GroupEvent;
import dev.stoa.events.Recipients;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * role:fullmembers holds, directly, the members (role 400) whose account is older than the realm's
 * waiting_period_threshold days (moderators and above are in it through role:moderators).
 * Synced when the threshold changes and periodically as accounts age; only active users'
 * changes are announced, as only they appear in member lists.
 */
public final class FullMembers {
    private FullMembers() {}

    public static void sync(Tx tx, EventLog log, long fullMembersGroup, int thresholdDays, long now) {
        var h = tx.h();
        long cutoff = now - thresholdDays * 86400L;
        GroupStore store = new GroupStore(log);
        Set<Long> should = store.membersJoinedBy(h, cutoff);
        Set<Long> are = new HashSet<>(store.directMembers(h, fullMembersGroup));
        List<Long> add = new ArrayList<>(), remove = new ArrayList<>();
        for (long u : should) if (!are.contains(u)) add.add(u);
        for (long u : are) if (!should.contains(u)) remove.add(u);
        if (add.isEmpty() && remove.isEmpty()) return;
        store.addMembers(tx, fullMembersGroup, add);
        store.removeMembers(tx, fullMembersGroup, remove);
        Set<Long> active = store.allActiveUsers(h);
        List<Long> addActive = add.stream().filter(active::contains).sorted().toList();
        List<Long> removeActive = remove.stream().filter(active::contains).sorted().toList();
        if (!addActive.isEmpty()) log.append(tx, new GroupEvent.AddMembers(fullMembersGroup, addActive), Recipients.all());
        if (!removeActive.isEmpty()) log.append(tx, new GroupEvent.RemoveMembers(fullMembersGroup, removeActive), Recipients.all());
    }
}
