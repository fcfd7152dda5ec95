package dev.stoa.app;

import dev.stoa.bots.BotStorageActions;
import dev.stoa.bots.BotStorageQueries;
import dev.stoa.bots.BotStorageStore;
import dev.stoa.bots.BotStorageViews;
import dev.stoa.bots.OutgoingWebhookSender;
import dev.stoa.bots.OutgoingWebhookStore;
import dev.stoa.bots.OutgoingWebhookTriggers;
import dev.stoa.db.Doorbell;
import dev.stoa.integrations.IncomingWebhookActions;
import dev.stoa.integrations.IncomingWebhookViews;
import dev.stoa.integrations.IntegrationState;
import dev.stoa.integrations.Integrations;
import dev.stoa.queues.StateContributor;
import dev.stoa.users.BotServiceStore;
import java.util.List;

/** Incoming webhooks (issue 27), posting through messages' send; outgoing webhooks, called after sends that trigger them. */
final class IntegrationsModule implements Module {
    final Integrations integrations = Integrations.builtIn();
    final IncomingWebhookActions incoming;
    final IncomingWebhookViews views;
    final OutgoingWebhookSender outgoing;
    final BotStorageViews storageViews;

    /**
     * What a send does for outgoing webhooks, built before messages (which takes the triggers): the
     * calls' outbox and the doorbell that wakes the sender this module builds on messages afterwards.
     */
    record Outgoing(OutgoingWebhookStore store, Doorbell bell, OutgoingWebhookTriggers triggers) {
        static Outgoing of(Core c) {
            OutgoingWebhookStore store = new OutgoingWebhookStore();
            Doorbell bell = new Doorbell();
            return new Outgoing(store, bell, new OutgoingWebhookTriggers(c.users(), new BotServiceStore(), store, c.clock(), bell));
        }
    }

    IntegrationsModule(Core c, MessagesModule messages, UsersModule users, Outgoing out) {
        this.incoming = new IncomingWebhookActions(c.db(), messages.actions, messages.notificationBot);
        this.views = new IncomingWebhookViews(integrations, incoming);
        this.outgoing = new OutgoingWebhookSender(c.db(), c.clock(), out.store(), c.users(), users.botServices, messages.actions, out.bell(),
                c.config().bots().allowPrivate(), c.config().bots().timeoutSeconds(), c.config().externalUrl());
        BotStorageStore storage = new BotStorageStore();
        this.storageViews = new BotStorageViews(new BotStorageQueries(c.db(), storage), new BotStorageActions(c.db(), storage));
    }

    @Override
    public List<StateContributor> state() { return List.of(new IntegrationState(integrations)); }
}
