package dev.stoa.scheduled;

import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.messages.Message;
import dev.stoa.messages.MessageActions;
import dev.stoa.messages.NotificationBot;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collector's job: sends what is due. Each row is claimed in the transaction that sends it
 * (ScheduledStore.claim), so a row due while the server was down is sent by the first pass after
 * it comes back, and once, whichever node or pass gets there. As Zulip: a scheduled message is
 * checked again as its sender at sending time; one more than ten minutes late, or refused then
 * (channel gone, no permission), is marked failed and the sender told by a notification-bot direct
 * message; a deactivated sender or organization fails it silently. Reminders are never late.
 */
public final class ScheduledDelivery {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduledDelivery.class);
    /** Zulip's SCHEDULED_MESSAGE_LATE_CUTOFF_MINUTES. */
    static final long LATE_CUTOFF_SECONDS = 600;
    private static final int BATCH = 100;
    /** Batches per collector pass: a pass ends even if rows keep coming due. */
    private static final int MAX_BATCHES = 50;
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssxxx").withZone(ZoneOffset.UTC);

    private final Db db;
    private final EventLog log;
    private final ScheduledStore store;
    private final ScheduledActions actions;
    private final MessageActions messages;
    private final NotificationBot bot;
    private final ReminderContent reminders;
    private final UserStore users;
    private final RealmHolder realm;
    private final Clock clock;

    public ScheduledDelivery(Db db, EventLog log, ScheduledStore store, ScheduledActions actions, MessageActions messages, NotificationBot bot,
                             ReminderContent reminders, UserStore users, RealmHolder realm, Clock clock) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.actions = actions;
        this.messages = messages;
        this.bot = bot;
        this.reminders = reminders;
        this.users = users;
        this.realm = realm;
        this.clock = clock;
    }

    /** One pass: every due row is sent or failed; returns how many were attempted. */
    public int doDeliverDue() {
        int attempted = 0;
        for (int b = 0; b < MAX_BATCHES; b++) {
            long now = clock.instant().getEpochSecond();
            List<Long> due = db.read(h -> store.dueIds(h, now, BATCH));
            for (long id : due) deliver(id, now);
            attempted += due.size();
            if (due.size() < BATCH) break;
        }
        return attempted;
    }

    private void deliver(long id, long now) {
        try {
            db.write(tx -> {
                if (store.claim(tx.h(), id, now)) attempt(tx, store.byId(tx.h(), id).orElseThrow(), now);
                return null;
            });
        } catch (RuntimeException e) {
            // The send rolled back: give up on the row (it would fail again each pass), as Zulip does.
            LOG.error("scheduled message {} could not be sent", id, e);
            db.write(tx -> {
                if (store.claim(tx.h(), id, now)) fail(tx, store.byId(tx.h(), id).orElseThrow(), "Internal server error", true);
                return null;
            });
        }
    }

    /** The claimed row: sent with its remove event, or failed. */
    private void attempt(Tx tx, ScheduledRow row, long now) {
        Handle h = tx.h();
        User sender = users.byId(h, row.senderId()).orElseThrow();
        if (realm.get().deactivated()) {
            fail(tx, row, "This organization has been deactivated", false);
        } else if (!sender.isActive()) {
            fail(tx, row, "Account is deactivated", false);
        } else if (row.isReminder()) {
            remind(tx, row, sender);
        } else if (now > row.scheduledTimestamp() + LATE_CUTOFF_SECONDS) {
            fail(tx, row, "Message could not be sent at the scheduled time.", true);
        } else {
            MessageActions.Resolved r;
            try {
                String to = row.isChannel() ? String.valueOf(row.channelId()) : Json.write(row.to());
                r = messages.resolve(h, sender, row.type(), to, row.topic(), row.content());
            } catch (ApiError refused) {
                fail(tx, row, refused.getMessage(), true);
                return;
            }
            store.markSent(h, row.id(), messages.doSendResolved(tx, sender, r, row.client(), row.readBySender(), null));
            log.append(tx, new MiscEvent.ScheduledMessagesRemove(row.id()), Recipients.users(sender.id()));
        }
    }

    /** From the notification bot; rewritten from the message if the user can still read it, else as written when scheduled. */
    private void remind(Tx tx, ScheduledRow row, User sender) {
        Handle h = tx.h();
        String content = row.content();
        try {
            Message m = actions.readable(h, sender, row.reminderTargetMessageId());
            content = reminders.format(h, m, row.reminderNote());
        } catch (ApiError gone) {
            // the last known text stays
        }
        long id = bot.postDirect(tx, sender.id(), content);
        if (id < 0) {
            fail(tx, row, "Reminder could not be sent.", false);
            return;
        }
        store.markSent(h, row.id(), id);
        log.append(tx, new MiscEvent.RemindersRemove(row.id()), Recipients.users(sender.id()));
    }

    /** Marks the row failed; told: the sender's clients get the update and a notification-bot direct message says why. */
    private void fail(Tx tx, ScheduledRow row, String why, boolean tell) {
        Handle h = tx.h();
        store.markFailed(h, row.id(), why);
        if (!tell || row.isReminder()) return;
        User sender = users.byId(h, row.senderId()).orElseThrow();
        log.append(tx, new MiscEvent.ScheduledMessagesUpdate(ScheduledJson.scheduled(store.byId(h, row.id()).orElseThrow())),
                Recipients.users(sender.id()));
        bot.postDirect(tx, sender.id(), "The message you scheduled for <time:" + ISO.format(Instant.ofEpochSecond(row.scheduledTimestamp()))
                + "> was not sent because of the following error:\n\n> " + why + "\n\n[View scheduled messages](#scheduled)");
    }
}
