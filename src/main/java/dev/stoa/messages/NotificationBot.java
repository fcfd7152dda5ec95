package dev.stoa.messages;

import dev.stoa.channels.Channel;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import dev.stoa.render.MessageRenderer;
import dev.stoa.users.UserStore;
import java.util.List;
import java.util.Set;

/**
 * Posts as the realm's notification bot: topic moves, message reports, new-channel announcements,
 * and direct messages to one user (reminders, scheduled messages that could not be sent, finished
 * exports, an invitation's referrer).
 */
public final class NotificationBot {
    private final Db db;
    private final UserStore users;
    private final SubscriptionStore subs;
    private final MessageRenderer renderer;
    private final MessageActions actions;

    public NotificationBot(Db db, UserStore users, SubscriptionStore subs, MessageRenderer renderer, MessageActions actions) {
        this.db = db;
        this.users = users;
        this.subs = subs;
        this.renderer = renderer;
        this.actions = actions;
    }

    /** A no-op when the realm has no such bot. */
    public void post(Channel c, String topic, String content) {
        db.write(tx -> {
            post(tx, c, topic, content);
            return null;
        });
    }

    /** A direct message from the bot to one user, inside the caller's transaction (a finished export's notice). */
    public void postDirect(Tx tx, long userId, String content) {
        var h = tx.h();
        User bot = users.systemBot(h, "notification-bot@").orElse(null);
        if (bot == null) return;
        actions.doSend(tx, bot, new MessageActions.Target(null, "", List.of(userId, bot.id())), content, renderer.render(h, bot, content),
                "Internal", false, List.of(), List.of(), Set.of(), null);
    }

    /** Posts inside the caller's transaction (a move's breadcrumbs commit with the move). */
    void post(Tx tx, Channel c, String topic, String content) {
        var h = tx.h();
        User bot = users.systemBot(h, "notification-bot@").orElse(null);
        if (bot == null) return;
        actions.doSend(tx, bot, new MessageActions.Target(c, topic, null), content, renderer.render(h, bot, content), "Internal", false,
                subs.subscribers(h, c.id()), List.of(), Set.of(), null);
    }

    /** A direct message from the bot to one user, inside the caller's transaction; -1 when the realm has no such bot. */
    public long postDirect(Tx tx, User to, String content) {
        var h = tx.h();
        User bot = users.systemBot(h, "notification-bot@").orElse(null);
        if (bot == null) return -1;
        Set<Long> participants = new java.util.LinkedHashSet<>(List.of(bot.id(), to.id()));
        return actions.doSend(tx, bot, new MessageActions.Target(null, "", participants), content, renderer.render(h, bot, content),
                "Internal", false, List.of(), List.of(), Set.of(), null);
    }
}
