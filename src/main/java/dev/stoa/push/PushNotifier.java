package dev.stoa.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stoa.channels.ChannelStore;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.groups.GroupStore;
import dev.stoa.identity.User;
import dev.stoa.messages.MessageChanges;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Phone notifications for new messages, and their removal (Zulip's missedmessage_mobile_notifications
 * worker). A send queues its message in push_pending inside its own transaction (only with a relay
 * configured); after the commit, and on every collector pass, a pass takes each waiting message in a
 * transaction of its own, decides per unread recipient as Zulip does (PushTriggers, with Zulip's
 * idle rule: no event queue that receives messages, or no presence activity in the last 140 s),
 * and queues the relay requests for the recipient's devices in the push outbox, remembering the
 * notification (push_notified). A read or a deletion marks the notifications of its messages as
 * owing a removal in its own transaction (MessageChanges) and a pass right after its commit sends
 * them (the collector's passes catch up after a crash): one removal per user and pass, its newest
 * 200 message ids (Zulip's MAX_APNS_MESSAGE_IDS), as handle_remove_push_notification. Notifications
 * never read are forgotten after PRUNE_DAYS.
 */
public final class PushNotifier implements MessageChanges {
    private static final Logger LOG = LoggerFactory.getLogger(PushNotifier.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Zulip's OFFLINE_THRESHOLD_SECS: presence older than this is idle. */
    static final long IDLE_SECONDS = 140;
    static final int MAX_REMOVE_IDS = 200;
    private static final int BATCH = 100;
    /** How far back a pass looks for notifications whose message a concurrent read marked read (seconds). */
    static final long RECHECK_SECONDS = 600;
    /** Outstanding notifications never read nor deleted are forgotten after this many days (the phone has long shown them). */
    static final long PRUNE_DAYS = 30;
    private static final Pattern PERSONAL_MENTION = Pattern.compile("class=\"user-mention\"[^>]*data-user-id=\"(\\d+)\"");
    private static final Pattern GROUP_MENTION = Pattern.compile("class=\"user-group-mention\"[^>]*data-user-group-id=\"(\\d+)\"");

    /** What the notifier reads besides its own tables. */
    public record Deps(UserStore users, ChannelStore channels, GroupStore groups, UserJson userJson, RealmHolder realm, String externalUrl) {}

    private final Db db;
    private final Clock clock;
    private final PushNotifyStore store;
    private final PushOutbox outbox;
    private final PushRequests requests;
    private final Deps deps;
    private final ReentrantLock running = new ReentrantLock();
    private final AtomicBoolean again = new AtomicBoolean();

    public PushNotifier(Db db, Clock clock, PushNotifyStore store, PushOutbox outbox, PushRelayStore relay, Deps deps) {
        this.db = db;
        this.clock = clock;
        this.store = store;
        this.outbox = outbox;
        this.requests = new PushRequests(outbox, relay);
        this.deps = deps;
    }

    /** The send's hook (through MessageActions.AfterSend): the message waits for a decision, made after the commit. */
    public void queue(Tx tx, long messageId) {
        if (!outbox.configured()) return;
        store.queue(tx.h(), messageId, clock.instant().getEpochSecond());
        kickAfterCommit(tx);
    }

    /** The flags' hook: the user's notifications of these messages owe a removal, sent after the commit. */
    @Override
    public void read(Tx tx, long userId, Collection<Long> messageIds) {
        if (!outbox.configured()) return;
        if (store.oweRead(tx.h(), userId, messageIds, clock.instant().getEpochSecond()) > 0) kickAfterCommit(tx);
    }

    /** The deletions' hook: every notification of these messages owes a removal, sent after the commit. */
    @Override
    public void deleted(Tx tx, Collection<Long> messageIds) {
        if (!outbox.configured()) return;
        if (store.oweDeleted(tx.h(), messageIds, clock.instant().getEpochSecond()) > 0) kickAfterCommit(tx);
    }

    /** The edits' hook: the newly mentioned users wait for a decision, made after the commit. */
    @Override
    public void mentionedByEdit(Tx tx, long messageId, Set<Long> userIds) {
        if (!outbox.configured()) return;
        store.queueMentions(tx.h(), messageId, userIds, clock.instant().getEpochSecond());
        kickAfterCommit(tx);
    }

    private void kickAfterCommit(Tx tx) {
        tx.afterCommit(() -> Thread.ofVirtual().name("stoa-push-notifier").start(this::kick));
    }

    /**
     * The collector's pass: waits for a pass under way on this node, then decides everything waiting,
     * sends the removals owed and prunes old notifications; never throws. Returns relay requests queued.
     */
    public int doNotify() {
        if (!outbox.configured()) return 0;
        running.lock();
        try {
            int queued = 0;
            do {
                again.set(false);
                queued += pass();
            } while (again.get());
            long before = clock.instant().getEpochSecond() - PRUNE_DAYS * 86_400;
            db.write(tx -> store.prune(tx.h(), before));
            return queued;
        } catch (RuntimeException e) {
            LOG.error("push notifier pass failed; it runs again on the next collector pass", e);
            return 0;
        } finally {
            running.unlock();
        }
    }

    /** After a send, a read or a deletion: a pass unless one is under way, which then runs once more (`again`) and sees the message. */
    private void kick() {
        again.set(true);
        while (again.get()) {
            if (!running.tryLock()) return;
            try {
                while (again.getAndSet(false)) pass();
            } catch (RuntimeException e) {
                LOG.error("push notifier pass failed; it runs again on the next collector pass", e);
                return;
            } finally {
                running.unlock();
            }
        }
    }

    /** New messages, then the removals owed. */
    private int pass() {
        int queued = 0;
        for (List<Long> ids = db.read(h -> store.pending(h, BATCH)); !ids.isEmpty(); ids = db.read(h -> store.pending(h, BATCH))) {
            for (long id : ids) {
                try {
                    queued += db.write(tx -> decide(tx, id));
                } catch (RuntimeException e) {
                    // A message that cannot be decided must not hold up the others: it is dropped with a log line.
                    LOG.error("push notifications for message {} failed; it is not notified", id, e);
                    db.write(tx -> store.take(tx.h(), id));
                }
            }
        }
        for (List<Long> ids = db.read(h -> store.pendingMentions(h, BATCH)); !ids.isEmpty(); ids = db.read(h -> store.pendingMentions(h, BATCH))) {
            for (long id : ids) {
                try {
                    queued += db.write(tx -> decideEdit(tx, id));
                } catch (RuntimeException e) {
                    LOG.error("push notifications for the edit of message {} failed; it is not notified", id, e);
                    db.write(tx -> store.takeMentions(tx.h(), id));
                }
            }
        }
        long recentSince = clock.instant().getEpochSecond() - RECHECK_SECONDS;
        for (Map.Entry<Long, List<Long>> e : db.read(h -> store.removable(h, recentSince)).entrySet()) {
            queued += db.write(tx -> remove(tx, e.getKey(), e.getValue()));
        }
        return queued;
    }

    private int decide(Tx tx, long messageId) {
        if (!store.take(tx.h(), messageId)) return 0;
        PushNotifyStore.Message m = store.message(tx.h(), messageId).orElse(null);
        if (m == null) return 0;
        return decide(tx, m, store.candidates(tx.h(), m.id(), m.senderId(), m.channelId()), false);
    }

    /**
     * An edit's newly mentioned users (Zulip's maybe_enqueue_notifications_for_message_update): only
     * those without an outstanding notification of the message, decided by PushTriggers.forEdit, the
     * mention named as personal (Zulip does not name the group for edits).
     */
    private int decideEdit(Tx tx, long messageId) {
        Set<Long> users = store.takeMentions(tx.h(), messageId);
        if (users.isEmpty()) return 0;
        PushNotifyStore.Message m = store.message(tx.h(), messageId).orElse(null);
        if (m == null || m.channelId() == null) return 0;
        Set<Long> notified = store.notifiedUsers(tx.h(), messageId);
        List<PushNotifyStore.Candidate> candidates = store.candidates(tx.h(), m.id(), m.senderId(), m.channelId()).stream()
                .filter(c -> users.contains(c.userId()) && !notified.contains(c.userId())).toList();
        return decide(tx, m, candidates, true);
    }

    private int decide(Tx tx, PushNotifyStore.Message m, List<PushNotifyStore.Candidate> candidates, boolean edit) {
        if (candidates.isEmpty()) return 0;
        List<Long> ids = candidates.stream().map(PushNotifyStore.Candidate::userId).toList();
        long now = clock.instant().getEpochSecond();
        Set<Long> active = store.activeSince(tx.h(), ids, now - IDLE_SECONDS);
        Map<Long, List<String>> queues = store.queueSpecs(tx.h(), ids);
        Map<Long, Integer> policies = m.channelId() == null ? Map.of() : store.topicPolicies(tx.h(), m.channelId(), m.topic());
        Map<Long, User> users = deps.users().byIds(tx.h(), ids).stream().collect(Collectors.toMap(User::id, Function.identity()));
        int queued = 0;
        for (PushNotifyStore.Candidate c : candidates) {
            User u = users.get(c.userId());
            if (u == null || !u.isActive() || u.isBot()) continue;
            boolean idle = !receivesMessages(queues.getOrDefault(u.id(), List.of())) || !active.contains(u.id());
            PushTriggers.Trigger t = edit ? PushTriggers.forEdit(u, c, policies.get(u.id()), idle)
                    : PushTriggers.trigger(u, c, m.channelId() == null, policies.get(u.id()), idle);
            if (t != null) queued += notifyOne(tx, u, m, t, now, edit);
        }
        return queued;
    }

    /** Zulip's receiver_is_off_zulip: the user has no event queue that accepts message events. */
    private static boolean receivesMessages(List<String> specs) {
        for (String spec : specs) {
            try {
                JsonNode types = JSON.readTree(spec).path("event_types");
                if (types.isMissingNode() || types.isNull()) return true;
                for (JsonNode t : types) if (t.asText().equals("message")) return true;
            } catch (IOException e) {
                return true;
            }
        }
        return false;
    }

    private int notifyOne(Tx tx, User u, PushNotifyStore.Message m, PushTriggers.Trigger t, long now, boolean edit) {
        List<PushNotifyStore.Token> tokens = store.tokens(tx.h(), u.id());
        List<PushNotifyStore.E2eeDevice> devices = store.e2eeDevices(tx.h(), u.id());
        if (tokens.isEmpty() && devices.isEmpty()) return 0;
        PushPayloads.MessageFacts f = facts(tx, u, m, t, edit);
        PushPayloads.Identity id = identity(u);
        int queued = requests.enqueue(tx, u.id(), tokens, devices, new PushRequests.Payloads(PushPayloads.gcmMessage(id, f), "high",
                PushPayloads.apnsMessage(id, f), PushPayloads.e2eeMessage(id, f), false, m.id()));
        store.notified(tx.h(), u.id(), m.id(), now);
        return queued;
    }

    private PushPayloads.MessageFacts facts(Tx tx, User u, PushNotifyStore.Message m, PushTriggers.Trigger t, boolean edit) {
        User sender = deps.users().byId(tx.h(), m.senderId()).orElseThrow();
        String channelName = m.channelId() == null ? null : deps.channels().byId(tx.h(), m.channelId()).map(c -> c.name()).orElse("");
        List<User> participants = m.dmKey() == null ? List.of()
                : deps.users().byIds(tx.h(), Arrays.stream(m.dmKey().split(",")).map(Long::parseLong).toList());
        Long groupId = t == PushTriggers.Trigger.MENTION && !edit ? mentionedGroup(tx, u.id(), m.renderedContent()) : null;
        String groupName = groupId == null ? null : deps.groups().find(tx.h(), groupId).map(g -> g.name()).orElse(null);
        String avatar = deps.userJson().avatars().url(sender, false);
        if (avatar.startsWith("/")) avatar = realmUrl() + avatar;
        return new PushPayloads.MessageFacts(m, sender, deps.userJson().apiEmail(sender), avatar, channelName, participants, t,
                groupName == null ? null : groupId, groupName);
    }

    /**
     * Zulip's get_user_group_mentions_data: a user mentioned personally is notified for that; else the
     * smallest mentioned group the user belongs to names the mention.
     */
    private Long mentionedGroup(Tx tx, long userId, String html) {
        Matcher personal = PERSONAL_MENTION.matcher(html);
        while (personal.find()) if (Long.parseLong(personal.group(1)) == userId) return null;
        Long best = null;
        int bestSize = Integer.MAX_VALUE;
        Matcher g = GROUP_MENTION.matcher(html);
        while (g.find()) {
            long groupId = Long.parseLong(g.group(1));
            List<Long> members = deps.groups().membersRecursive(tx.h(), groupId);
            if (members.contains(userId) && members.size() < bestSize) {
                best = groupId;
                bestSize = members.size();
            }
        }
        return best;
    }

    private int remove(Tx tx, long userId, List<Long> messageIds) {
        if (store.settle(tx.h(), userId, messageIds) == 0) return 0;
        User u = deps.users().byId(tx.h(), userId).orElse(null);
        if (u == null) return 0;
        List<Long> newest = messageIds.subList(Math.max(0, messageIds.size() - MAX_REMOVE_IDS), messageIds.size());
        PushPayloads.Identity id = identity(u);
        return requests.enqueue(tx, userId, store.tokens(tx.h(), userId), store.e2eeDevices(tx.h(), userId), new PushRequests.Payloads(
                PushPayloads.gcmRemove(id, newest), "normal", PushPayloads.apnsRemove(id, newest), PushPayloads.e2eeRemove(id, newest), true, null));
    }

    /**
     * A test notification to the user's legacy tokens (`token`: that one only) or E2EE devices
     * (`deviceId`: that one only), queued like any other; returns how many relay requests were queued.
     */
    int doTest(Tx tx, User u, List<PushNotifyStore.Token> tokens, List<PushNotifyStore.E2eeDevice> devices) {
        long now = clock.instant().getEpochSecond();
        PushPayloads.Identity id = identity(u);
        return requests.enqueue(tx, u.id(), tokens, devices, new PushRequests.Payloads(PushPayloads.gcmTest(id, now), "high",
                PushPayloads.apnsTest(id, now), PushPayloads.e2eeTest(id, now), false, null));
    }

    PushNotifyStore store() { return store; }

    private PushPayloads.Identity identity(User u) {
        return new PushPayloads.Identity(realmUrl(), deps.realm().get().name(), URI.create(deps.externalUrl()).getAuthority(), u.id());
    }

    /** The organization's URL as register's realm_url says it (no trailing slash): what the app matches its account by. */
    private String realmUrl() {
        String url = deps.externalUrl();
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
