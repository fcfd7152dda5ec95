package dev.stoa.messages;

import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import dev.stoa.users.UserHooks;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;

/**
 * Soft deactivation (Zulip's zerver/lib/soft_deactivation.py), invisible to clients: a channel
 * message writes no user_message row for a subscriber idle for {@code days} whole days unless the
 * row carries a flag (mention, wildcard, alert word, read) or a push/email may follow; the person's
 * next authenticated request writes the rows owed (flags 0, as Zulip's add_missing_messages).
 * <p>Why it stays exact: rows are owed only for channel messages after the person's
 * last_active_message_id in channels they are subscribed to now; so everything that would change
 * that set first writes the rows owed (a subscription change, a deactivation, an edit or move of
 * the messages, an export). The send's choice and a catch-up both hold the append lock
 * ({@link Tx#lockAppends}, PostgreSQL's advisory lock; SQLite's one writer), so a catch-up never
 * misses a message whose send saw the person idle.
 */
public final class SoftDeactivation implements UserHooks {
    private static final long DAY = 86_400;
    /** A visit is written when the last one written is older: the threshold counts in days. */
    private static final long VISIT_GRANULARITY = 3_600;
    private final Db db;
    private final IdleStore store;
    private final VisitStore visitStore;
    private final MessageStore messages;
    private final IdleUsers idle;
    private final Clock clock;
    private final int days;
    private final Map<Long, Long> visits = new ConcurrentHashMap<>();
    private final Map<Long, Long> written = new ConcurrentHashMap<>();

    public SoftDeactivation(Db db, IdleStore store, VisitStore visitStore, MessageStore messages, IdleUsers idle, Clock clock, int days) {
        this.visitStore = visitStore;
        this.db = db;
        this.store = store;
        this.messages = messages;
        this.idle = idle;
        this.clock = clock;
        this.days = days;
    }

    private long now() { return clock.instant().getEpochSecond(); }

    /**
     * Every authenticated request, before its handler (Zulip reactivates in register and message
     * fetches; here any request does, so no read of the person's own rows can come first).
     */
    public void arrived(User user) {
        visits.put(user.id(), now());
        if (idle.contains(user.id())) doReactivate(user.id());
    }

    /** Zulip's reactivate_user_if_soft_deactivated: the rows owed, and no longer idle. Concurrent calls write once. */
    public void doReactivate(long userId) {
        db.write(tx -> {
            tx.lockAppends(); // after any send that saw the person idle, before any that will not
            Long last = store.take(tx, userId);
            if (last != null) messages.insertOwed(tx.h(), userId, last, Set.of(), Set.of());
            return null;
        });
    }

    /**
     * Inside a transaction that just changed subscriptions (user → channel ids joined, left): the idle
     * people among them get the rows owed under their old subscriptions (those left count, those joined
     * not) and stay idle, owing from the newest message on (Zulip's catch-up; Zulip replays its
     * subscription log instead). So the owed set never depends on subscription history.
     */
    public void subscriptionsChanged(Tx tx, Map<Long, Set<Long>> joined, Map<Long, Set<Long>> left) {
        Set<Long> users = new HashSet<>(joined.keySet());
        users.addAll(left.keySet());
        settle(tx, users, joined, left);
    }

    private void settle(Tx tx, Collection<Long> userIds, Map<Long, Set<Long>> joined, Map<Long, Set<Long>> left) {
        tx.lockAppends(); // against sends' choices and the marking job: nothing owed slips between
        Map<Long, Long> idleOnes = store.idleAmong(tx.h(), userIds);
        if (idleOnes.isEmpty()) return;
        long newest = messages.newestMessageId(tx.h());
        idleOnes.forEach((u, last) -> messages.insertOwed(tx.h(), u, last, joined.getOrDefault(u, Set.of()), left.getOrDefault(u, Set.of())));
        store.advance(tx, idleOnes.keySet(), newest);
    }

    /** Before an export: every idle person's rows owed are written, so the export holds them all. */
    public void doSettleAll() {
        db.write(tx -> {
            settle(tx, store.all(tx.h()), Map.of(), Map.of());
            return null;
        });
    }

    /** Before an edit re-flags, or a move re-homes, these messages of a channel: their owed rows exist first. */
    void settleMessages(Tx tx, long channelId, Collection<Long> messageIds) {
        tx.lockAppends();
        messages.insertOwedFor(tx.h(), channelId, messageIds);
    }

    /**
     * Writes a channel message's rows inside its send (flags by user), without those of idle
     * subscribers that would carry no flag and no notification (Zulip's create_user_messages skips
     * the same), and only for a message above their last_active_message_id (an id taken before they
     * went idle is written as usual). The rows of the active go in first, outside the append lock, as
     * before; the idle ones are decided again under it, so one who came back meanwhile gets the row
     * (unless no comeback could commit meanwhile: SQLite's one writer, or the lock already held).
     */
    void writeRows(Tx tx, long channelId, String topic, long messageId, Map<Long, Long> flags) {
        Set<Long> skipped = skippable(tx.h(), channelId, topic, messageId, flags);
        messages.insertUserMessages(tx.h(), messageId, without(flags, skipped));
        if (skipped.isEmpty() || tx.appendsSerialized()) return;
        tx.lockAppends();
        Set<Long> back = new HashSet<>(skipped);
        back.removeAll(skippable(tx.h(), channelId, topic, messageId, flags));
        if (!back.isEmpty()) messages.insertUserMessages(tx.h(), messageId, only(flags, back));
    }

    private Set<Long> skippable(Handle h, long channelId, String topic, long messageId, Map<Long, Long> flags) {
        Set<Long> out = new HashSet<>();
        store.skippableSubscribers(h, channelId, topic).forEach((u, last) -> {
            Long f = flags.get(u);
            if (f != null && f == 0 && messageId > last) out.add(u);
        });
        return out;
    }

    private static Map<Long, Long> without(Map<Long, Long> flags, Set<Long> users) {
        if (users.isEmpty()) return flags;
        Map<Long, Long> out = new LinkedHashMap<>(flags);
        out.keySet().removeAll(users);
        return out;
    }

    private static Map<Long, Long> only(Map<Long, Long> flags, Set<Long> users) {
        Map<Long, Long> out = new LinkedHashMap<>();
        for (long u : users) out.put(u, flags.get(u));
        return out;
    }

    /** The collector, on every node: visits seen since the last pass, each person at most once an hour. */
    public void flushVisits() {
        Map<Long, Long> due = new HashMap<>();
        visits.forEach((u, t) -> {
            Long w = written.get(u);
            if (w == null || t - w >= VISIT_GRANULARITY) due.put(u, t);
        });
        if (due.isEmpty()) return;
        db.write(tx -> {
            visitStore.recordVisits(tx.h(), due);
            return null;
        });
        written.putAll(due);
        due.forEach((u, t) -> visits.remove(u, t));
    }

    /**
     * The collector's cluster-wide job (Zulip's soft_deactivate_users cron): people whose last visit
     * is more than {@code days} whole days ago ((now - last_visit).days > days) become idle.
     */
    public void doDeactivateIdle() {
        if (days <= 0) return;
        long now = now();
        long cutoff = now - (days + 1L) * DAY;
        if (db.read(h -> store.idleCandidates(h, cutoff)).isEmpty()) return; // most passes: no write at all
        db.write(tx -> {
            tx.lockAppends(); // a send's choice sees either no marker or this one
            store.markIdle(tx, store.idleCandidates(tx.h(), cutoff), now);
            return null;
        });
    }

    @Override
    public void created(Tx tx, User user, Joining joining) {}

    @Override
    public Consumer<User> aroundRoleChange(Tx tx, User before) { return after -> {}; }

    /**
     * A deactivated person receives nothing (sends skip inactive subscribers): an idle one gets the
     * rows owed so far and is idle no more, so a later reactivation owes nothing for that time.
     */
    @Override
    public void activationChanged(Tx tx, User user, boolean active) {
        if (active) return;
        settle(tx, List.of(user.id()), Map.of(), Map.of());
        store.take(tx, user.id());
    }
}
