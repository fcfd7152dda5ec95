package dev.stoa.messages;

import dev.stoa.channels.Channel;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.util.Optional;
import java.util.Set;

/**
 * Posts as the realm's notification bot: topic moves and resolves, message reports, new-channel announcements,
 * and direct messages to one user (reminders, scheduled messages that could not be sent, finished
 * exports, an invitation's referrer).
 */
public final class NotificationBot {
    private final Db db;
    private final UserStore users;
    private final MessageActions actions;

    public NotificationBot(Db db, UserStore users, MessageActions actions) {
        this.db = db;
        this.users = users;
        this.actions = actions;
    }

    /** A no-op when the realm has no such bot. */
    public void post(Channel c, String topic, String content) {
        db.write(tx -> {
            post(tx, c, topic, content);
            return null;
        });
    }

    /** A direct message from the bot to one user, inside the caller's transaction; -1 when the realm has no such bot. */
    public long postDirect(Tx tx, long userId, String content) {
        return bot(tx).map(bot -> actions.doSendAsSystemBot(tx, bot, userId, content)).orElse(-1L);
    }

    /** Posts inside the caller's transaction (a move's breadcrumbs commit with the move). */
    void post(Tx tx, Channel c, String topic, String content) {
        post(tx, c, topic, content, null);
    }

    /** As above, unread only for {@code unreadOnlyFor} (null: for every subscriber). */
    void post(Tx tx, Channel c, String topic, String content, Set<Long> unreadOnlyFor) {
        bot(tx).ifPresent(bot -> actions.doSendAsSystemBot(tx, bot, c, topic, content, unreadOnlyFor));
    }

    private Optional<User> bot(Tx tx) {
        return users.systemBot(tx.h(), "notification-bot@");
    }
}
