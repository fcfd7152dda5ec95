package dev.stoa.app;

import dev.stoa.push.DeviceActions;
import dev.stoa.push.PushAvailability;
import dev.stoa.push.DeviceRelayActions;
import dev.stoa.push.DeviceState;
import dev.stoa.push.DeviceStore;
import dev.stoa.push.PushActions;
import dev.stoa.push.PushNotifier;
import dev.stoa.push.PushNotifyStore;
import dev.stoa.push.PushOutbox;
import dev.stoa.push.PushOutboxStore;
import dev.stoa.push.PushRelayStore;
import dev.stoa.push.PushSender;
import dev.stoa.push.PushTestActions;
import dev.stoa.push.PushTokenStore;
import dev.stoa.push.PushViews;
import dev.stoa.push.RelayClient;
import dev.stoa.push.RelayRegistration;
import dev.stoa.queues.StateContributor;
import java.util.List;

/**
 * Mobile push registrations and Zulip 12's logged-in devices (register's `devices`, `device` events),
 * and delivery through the push relay (--push-relay-url): the outbox and its sender.
 */
public final class PushModule implements Module {
    final PushTokenStore store = new PushTokenStore();
    final DeviceStore devices = new DeviceStore();
    final PushRelayStore relayStore = new PushRelayStore();
    final PushOutboxStore outboxStore = new PushOutboxStore();
    final RelayClient relay;
    public final RelayRegistration registration;
    public final PushSender sender;
    final PushOutbox outbox;
    final PushActions actions;
    final DeviceActions deviceActions;
    /** New messages' notifications and their removal; the send's hook queues each message for it. */
    public final PushNotifier notifier;

    final PushViews views;

    /** availability: the realm's push_notifications_enabled and its end, as the relay's answers say (realm actions). */
    PushModule(Core c, PushAvailability availability) {
        this.relay = new RelayClient(c.config().push());
        this.registration = new RelayRegistration(c.db(), c.realm(), relayStore, relay, c.config().externalUrl(), availability);
        this.sender = new PushSender(c.db(), outboxStore, c.clock(), relay, new DeviceRelayActions(c.db(), c.log(), devices, c.clock(), store),
                availability);
        this.outbox = new PushOutbox(outboxStore, c.clock(), sender);
        this.actions = new PushActions(c.db(), store, c.clock(), outbox, relayStore);
        this.deviceActions = new DeviceActions(c.db(), c.log(), devices, c.clock(), outbox, relayStore);
        this.notifier = new PushNotifier(c.db(), c.clock(), new PushNotifyStore(), outbox, relayStore,
                new PushNotifier.Deps(c.users(), c.channels(), c.groups(), c.userJson(), c.realm(), c.config().externalUrl()));
        this.views = new PushViews(actions, deviceActions, new PushTestActions(c.db(), notifier, outbox));
    }

    @Override
    public List<StateContributor> state() { return List.of(new DeviceState(devices)); }
}
