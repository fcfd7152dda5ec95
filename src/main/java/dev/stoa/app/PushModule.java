package dev.stoa.app;

import dev.stoa.push.DeviceActions;
import dev.stoa.push.DeviceState;
import dev.stoa.push.DeviceStore;
import dev.stoa.push.PushActions;
import dev.stoa.push.PushTokenStore;
import dev.stoa.push.PushViews;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Mobile push registrations and Zulip 12's logged-in devices (register's `devices`, `device` events). */
final class PushModule implements Module {
    final PushTokenStore store = new PushTokenStore();
    final DeviceStore devices = new DeviceStore();
    final PushActions actions;
    final DeviceActions deviceActions;

    final PushViews views;

    PushModule(Core c) {
        this.actions = new PushActions(c.db(), store, c.clock());
        this.deviceActions = new DeviceActions(c.db(), c.log(), devices, c.clock());
        this.views = new PushViews(actions, deviceActions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new DeviceState(devices)); }
}
