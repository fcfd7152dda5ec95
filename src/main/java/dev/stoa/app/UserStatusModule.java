package dev.stoa.app;

import dev.stoa.events.EventType;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import dev.stoa.settings.SettingsActions;
import dev.stoa.userstatus.UserStatusActions;
import dev.stoa.userstatus.UserStatusQueries;
import dev.stoa.userstatus.UserStatusState;
import dev.stoa.userstatus.UserStatusStore;
import dev.stoa.userstatus.UserStatusViews;
import java.util.List;
import java.util.Map;

/** User status (text, emoji, the legacy away); `settings` changes presence_enabled for `away`. */
public final class UserStatusModule implements Module {
    final UserStatusStore store = new UserStatusStore();
    public final UserStatusActions actions;
    private final Core core;

    final UserStatusViews views;

    UserStatusModule(Core c, SettingsActions settings) {
        this.core = c;
        this.actions = new UserStatusActions(c.db(), c.log(), store, c.realmEmoji(), settings, c.userAccess(), c.clock());
        this.views = new UserStatusViews(new UserStatusQueries(c.db(), store, c.users(), c.userAccess()), actions);
    }

    @Override
    public Map<EventType, Delivery.TypeRule> deliveryRules() {
        return Map.of(EventType.USER_STATUS, UserStatusState.EVENTS);
    }

    @Override
    public List<StateContributor> state() { return List.of(new UserStatusState(store, core.users(), core.userAccess())); }
}
