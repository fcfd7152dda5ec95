package dev.stoa.app;

import dev.stoa.integrations.IncomingWebhookActions;
import dev.stoa.integrations.IncomingWebhookViews;
import dev.stoa.integrations.IntegrationState;
import dev.stoa.integrations.Integrations;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Incoming webhooks (issue 27): the integrations, posting through messages' send. */
final class IntegrationsModule implements Module {
    final Integrations integrations = Integrations.builtIn();
    final IncomingWebhookActions incoming;
    final IncomingWebhookViews views;

    IntegrationsModule(Core c, MessagesModule messages) {
        this.incoming = new IncomingWebhookActions(c.db(), messages.actions, messages.notificationBot);
        this.views = new IncomingWebhookViews(integrations, incoming);
    }

    @Override
    public List<StateContributor> state() { return List.of(new IntegrationState(integrations)); }
}
