package dev.stoa.app;

import dev.stoa.push.PushActions;
import dev.stoa.push.PushTokenStore;

/** Mobile push registrations (stored; nothing is delivered yet). */
final class PushModule implements Module {
    final PushTokenStore store = new PushTokenStore();
    final PushActions actions;

    PushModule(Core c) {
        this.actions = new PushActions(c.db(), store, c.clock());
    }
}
