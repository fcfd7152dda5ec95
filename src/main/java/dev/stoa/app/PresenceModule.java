package dev.stoa.app;

import dev.stoa.presence.PresenceActions;
import dev.stoa.presence.PresenceQueries;
import dev.stoa.presence.PresenceState;
import dev.stoa.presence.PresenceStore;
import dev.stoa.presence.PresenceViews;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Presence; `limited` is the server's CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE. */
final class PresenceModule implements Module {
    final PresenceStore store = new PresenceStore();
    final boolean limited;
    final PresenceActions actions;
    final PresenceState state;

    final PresenceViews views;

    PresenceModule(Core c) {
        this.limited = c.config().extras().presenceLimitedToAccessibleUsers();
        this.actions = new PresenceActions(c.db(), c.log(), store, c.users(), c.userJson()::apiEmail, c.userAccess(), limited);
        this.state = new PresenceState(store, c.users(), c.userJson()::apiEmail, c.userAccess(), limited, c.clock());
        this.views = new PresenceViews(new PresenceQueries(c.db(), store, c.users(), c.userJson()::apiEmail, c.userAccess(), c.clock(), state), actions, c.clock());
    }

    @Override
    public List<StateContributor> state() { return List.of(state); }
}
