package dev.stoa.app;

import dev.stoa.push.DeviceActions;
import dev.stoa.push.DeviceState;
import dev.stoa.push.DeviceStore;
import dev.stoa.push.PushActions;
import dev.stoa.push.PushRelayStore;
import dev.stoa.push.PushTokenStore;
import dev.stoa.push.PushViews;
import dev.stoa.push.RelayClient;
import dev.stoa.push.RelayRegistration;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Mobile push registrations and Zulip 12's logged-in devices (register's `devices`, `device` events). */
public final class PushModule implements Module {
    final PushTokenStore store = new PushTokenStore();
    final DeviceStore devices = new DeviceStore();
    final PushActions actions;
    final DeviceActions deviceActions;
    final PushRelayStore relayStore = new PushRelayStore();
    final RelayClient relay;
    public final RelayRegistration registration;

    final PushViews views;

    PushModule(Core c) {
        this.relay = new RelayClient(c.config().push());
        this.registration = new RelayRegistration(c.db(), c.realm(), relayStore, relay, c.config().externalUrl());
        this.actions = new PushActions(c.db(), store, c.clock());
        this.deviceActions = new DeviceActions(c.db(), c.log(), devices, c.clock());
        this.views = new PushViews(actions, deviceActions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new DeviceState(devices)); }
}
