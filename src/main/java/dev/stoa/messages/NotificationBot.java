package dev.stoa.messages;

import dev.stoa.channels.Channel;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.markdown.Rendered;
import dev.stoa.render.MessageRenderer;
import dev.stoa.users.UserStore;
import java.util.List;
import java.util.Set;

/** Posts as the realm's notification bot: topic moves, message reports, new-channel announcements. */
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
        record Prep(User bot, Rendered r, List<Long> subscribers) {}
        Prep p = db.read(h -> {
            User bot = h.createQuery("SELECT id FROM users WHERE is_system_bot AND lower(delivery_email) LIKE 'notification-bot@%'")
                    .mapTo(Long.class).findFirst().flatMap(id -> users.byId(h, id)).orElse(null);
            return bot == null ? null : new Prep(bot, renderer.render(h, bot, content), subs.subscribers(h, c.id()));
        });
        if (p == null) return;
        actions.doSend(p.bot(), new MessageActions.Target(c, topic, null), content, p.r(), "Internal", false, p.subscribers(),
                List.of(), Set.of(), null);
    }
}
