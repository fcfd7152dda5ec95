package dev.stoa.missedmail;

import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import dev.stoa.mail.Outbox;
import dev.stoa.messages.Access;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Missed-message email, the collector's task. Per user, in one transaction: the unread messages
 * from others after the user's progress are re-read (so a message deleted, read, or no longer
 * readable is never mailed), those the settings make notifiable are mailed once the oldest has
 * waited the user's email_notifications_batching_period_seconds, one mail per conversation, unless
 * a client of the user polled its event queue in the last two minutes (the user saw them there);
 * then the progress moves past them, so each message is considered for mail once.
 */
public final class MissedMailActions {
    private static final Logger LOG = LoggerFactory.getLogger(MissedMailActions.class);
    /** An event queue polled this recently is a client in use (Zulip's idle threshold is about the same). */
    static final long ACTIVE_CLIENT_SECONDS = 120;
    /** Older unread messages are history, not news: never mailed (also bounds the first pass after an upgrade). */
    static final long HORIZON_SECONDS = 24 * 3600;
    /**
     * Messages of the last seconds wait for the next pass: on PostgreSQL a send that took its id
     * earlier may still be committing, and the progress must not pass over it unseen.
     */
    static final long SETTLE_SECONDS = 5;

    private final Db db;
    private final Clock clock;
    private final RealmHolder realm;
    private final UserStore users;
    private final ChannelStore channels;
    private final Access access;
    private final Outbox outbox;
    private final MissedMailStore store;
    private final String externalUrl;

    public MissedMailActions(Db db, Clock clock, RealmHolder realm, UserStore users, ChannelStore channels, Access access, Outbox outbox,
                             MissedMailStore store, String externalUrl) {
        this.db = db;
        this.clock = clock;
        this.realm = realm;
        this.users = users;
        this.channels = channels;
        this.access = access;
        this.outbox = outbox;
        this.store = store;
        this.externalUrl = externalUrl;
    }

    /** One pass over every user with unsettled unread messages; one user's failure does not stop the others. Returns mails enqueued. */
    public int doMailMissed() {
        long now = clock.instant().getEpochSecond();
        int mailed = 0;
        for (long userId : db.read(h -> store.usersWithCandidates(h, now - HORIZON_SECONDS, now - SETTLE_SECONDS))) {
            try {
                mailed += db.write(tx -> mailUser(tx, userId, now));
            } catch (RuntimeException e) {
                LOG.error("missed-message email for user {} failed; it is tried again next pass", userId, e);
            }
        }
        return mailed;
    }

    private int mailUser(Tx tx, long userId, long now) {
        long after = store.lockProgress(tx.h(), userId);
        List<MissedMailStore.Candidate> unread = store.candidates(tx.h(), userId, after, now - HORIZON_SECONDS, now - SETTLE_SECONDS);
        User u = users.byId(tx.h(), userId).orElse(null);
        if (unread.isEmpty() || u == null) return 0;
        long last = unread.getLast().messageId();
        // Without SMTP nothing is mailed, now or later (see below): settle at once, without deciding per
        // message (that reads every channel for the user's view, inside the write: issue 15's send profile).
        if (!u.isActive() || u.isBot() || !outbox.canSend()) {
            store.advance(tx.h(), userId, last);
            return 0;
        }
        Map<Long, MissedMailRules.Reason> reasons = notifiable(tx, u, unread);
        long period = u.setting("email_notifications_batching_period_seconds").asLong(120);
        boolean due = unread.stream().anyMatch(c -> reasons.containsKey(c.messageId()) && c.dateSent() + period <= now);
        if (!due) {
            // Nothing waits for its time: what is unread now is settled as not worth a mail.
            if (reasons.isEmpty()) store.advance(tx.h(), userId, last);
            return 0;
        }
        store.advance(tx.h(), userId, last);
        if (store.hasActiveQueue(tx.h(), userId, now - ACTIVE_CLIENT_SECONDS)) return 0;
        // A notification is news only now: without SMTP it is not kept for a later, stale delivery.
        if (!outbox.canSend()) return 0;
        List<MissedMailStore.Candidate> mailed = unread.stream().filter(c -> reasons.containsKey(c.messageId())).toList();
        return enqueue(tx, u, mailed, reasons);
    }

    /** The notifiable messages among `unread`, with why; a channel message the user can no longer read is left out. */
    private Map<Long, MissedMailRules.Reason> notifiable(Tx tx, User u, List<MissedMailStore.Candidate> unread) {
        Access.View view = access.view(tx.h(), u);
        var policies = store.topicPolicies(tx.h(), u.id());
        Map<Long, MissedMailRules.Reason> out = new LinkedHashMap<>();
        for (MissedMailStore.Candidate c : unread) {
            if (c.channelId() != null && !view.canSee(c.channelId())) continue;
            MissedMailRules.Reason r = MissedMailRules.reason(u, c, policies);
            if (r != null) out.put(c.messageId(), r);
        }
        return out;
    }

    private int enqueue(Tx tx, User u, List<MissedMailStore.Candidate> mailed, Map<Long, MissedMailRules.Reason> reasons) {
        Map<String, List<MissedMailStore.Candidate>> byConversation = mailed.stream().collect(Collectors.groupingBy(
                c -> c.channelId() == null ? "dm:" + c.dmKey() : c.channelId() + ":" + c.topic().toLowerCase(Locale.ROOT),
                LinkedHashMap::new, Collectors.toList()));
        Set<Long> people = new HashSet<>();
        for (MissedMailStore.Candidate c : mailed) {
            people.add(c.senderId());
            if (c.dmKey() != null) for (String id : c.dmKey().split(",")) people.add(Long.parseLong(id));
        }
        Map<Long, User> byId = users.byIds(tx.h(), people).stream().collect(Collectors.toMap(User::id, Function.identity()));
        boolean showContent = realm.get().get("message_content_allowed_in_email_notifications").asBoolean(true)
                && u.setting("message_content_in_email_notifications").asBoolean(true);
        String org = realm.get().name();
        for (List<MissedMailStore.Candidate> messages : byConversation.values()) {
            Long channelId = messages.getFirst().channelId();
            Channel channel = channelId == null ? null : channels.byId(tx.h(), channelId).orElseThrow();
            List<MissedMailRules.Reason> why = new ArrayList<>(messages.stream().map(c -> reasons.get(c.messageId())).distinct().toList());
            outbox.enqueue(tx, MissedMailText.letter(u, new MissedMailText.Conversation(channel, messages, why, byId), showContent, org, externalUrl));
        }
        return byConversation.size();
    }
}
