package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * POST /messages/{id}/typing: someone is editing a message. As Zulip: the caller must be able to
 * edit it now (no grace period), must send typing notifications of that kind, and the
 * typing_edit_message event goes to whoever would hear of the edit and receives typing
 * notifications: the conversation's active participants, or a channel's active subscribers
 * (nobody in a channel of more than 100, Zulip's MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS).
 */
public final class EditTypingActions {
    static final int MAX_CHANNEL_SIZE = 100;

    private final Db db;
    private final EventLog log;
    private final MessageStore store;
    private final Access access;
    private final UserStore users;
    private final SubscriptionStore subs;
    private final RealmHolder realm;
    private final Clock clock;

    public EditTypingActions(Db db, EventLog log, MessageStore store, Access access, UserStore users, SubscriptionStore subs,
                             RealmHolder realm, Clock clock) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.access = access;
        this.users = users;
        this.subs = subs;
        this.realm = realm;
        this.clock = clock;
    }

    /** op is "start" or "stop" (the view checked it). */
    public void checkEditTyping(User me, long messageId, String op) {
        db.write(tx -> {
            Handle h = tx.h();
            Message m = MessageRules.readable(h, store, access, me, messageId);
            MessageEditRules.checkCanEdit(m, me, realm.get(), clock.instant().getEpochSecond(), 0);
            ObjectNode f = Json.object();
            f.put("sender_id", me.id());
            f.put("message_id", m.id());
            ObjectNode recipient = f.putObject("recipient");
            List<Long> notify;
            if (m.isChannel()) {
                if (!me.setting("send_stream_typing_notifications").asBoolean(true)) {
                    throw MessageErrors.typingNotificationsDisabledForChannels();
                }
                recipient.put("type", "channel").put("channel_id", m.channelId()).put("topic", m.topic());
                List<Long> subscribers = subs.subscribers(h, m.channelId());
                if (subscribers.size() > MAX_CHANNEL_SIZE) return null;
                notify = listening(h, subscribers);
            } else {
                if (!me.setting("send_private_typing_notifications").asBoolean(true)) {
                    throw MessageErrors.typingNotificationsDisabledForDirectMessages();
                }
                notify = listening(h, m.dmUserIds());
                recipient.put("type", "direct").set("user_ids", Json.tree(notify));
            }
            log.appendEphemeral(tx, new MessageEvent.TypingEditMessage(op, f), Recipients.users(notify));
            return null;
        });
    }

    /** The active users among ids who receive typing notifications, by id. */
    private List<Long> listening(Handle h, Collection<Long> ids) {
        return users.byIds(h, ids).stream().filter(User::isActive).filter(u -> u.setting("receives_typing_notifications").asBoolean(true))
                .map(User::id).sorted().toList();
    }
}
