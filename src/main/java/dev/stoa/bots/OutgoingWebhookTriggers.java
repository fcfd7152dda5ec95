package dev.stoa.bots;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Doorbell;
import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import dev.stoa.messages.MessageActions;
import dev.stoa.users.BotServiceStore;
import dev.stoa.users.BotServices;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.Collection;

/**
 * Which outgoing-webhook bots a message calls, decided inside its send's transaction (Zulip's
 * get_service_bot_events): a bot mentioned in a channel ("mention"), a bot among a direct message's
 * participants ("direct_message"); never for a message a bot sent (no loops between bots). Each
 * call (one per service of the bot) is a row of the outbox, delivered after commit.
 */
public final class OutgoingWebhookTriggers implements MessageActions.AfterSend {
    private final UserStore users;
    private final BotServiceStore services;
    private final OutgoingWebhookStore store;
    private final Clock clock;
    private final Doorbell bell;

    public OutgoingWebhookTriggers(UserStore users, BotServiceStore services, OutgoingWebhookStore store, Clock clock, Doorbell bell) {
        this.users = users;
        this.services = services;
        this.store = store;
        this.clock = clock;
        this.bell = bell;
    }

    @Override
    public void sent(Tx tx, User sender, MessageActions.SentMessage m) {
        if (sender.isBot()) return;
        boolean dm = m.channelId() == null;
        Collection<Long> candidates = dm ? m.dmUserIds() : m.mentioned();
        if (candidates.isEmpty()) return;
        boolean queued = false;
        for (User u : users.byIds(tx.h(), candidates)) {
            if (!u.isBot() || !u.isActive() || u.botType() == null || u.botType() != BotServices.OUTGOING_WEBHOOK_BOT) continue;
            // Every service of the bot is called, each its own row (Zulip's worker loops over the bot's services).
            for (BotServiceStore.Service s : services.forBot(tx.h(), u.id())) {
                store.insert(tx.h(), u.id(), s.id(), m.id(), dm ? "direct_message" : "mention", asTheBotSeesIt(m).toString(),
                        clock.instant().getEpochSecond());
                queued = true;
            }
        }
        if (queued) tx.afterCommit(bell::ring);
    }

    /**
     * Zulip's MessageDict.finalize_payload for the bot (apply_markdown=False, keep_rendered_content=True):
     * the raw Markdown as content, the HTML as rendered_content.
     */
    private static ObjectNode asTheBotSeesIt(MessageActions.SentMessage m) {
        ObjectNode d = m.dict().deepCopy();
        d.put("content", m.content());
        d.put("content_type", "text/x-markdown");
        d.put("rendered_content", m.renderedContent());
        return d;
    }
}
