package dev.stoa.app;

import dev.stoa.queues.StateContributor;
import dev.stoa.settings.ReportTypesState;
import dev.stoa.settings.SettingsActions;
import java.util.List;

/** Personal settings (PATCH /settings) and the server's message report types. */
final class SettingsModule implements Module {
    final SettingsActions actions;
    private final Core core;

    SettingsModule(Core c) {
        this.core = c;
        this.actions = new SettingsActions(c.db(), c.log(), c.users(), c.userAccess(), c.userJson()::apiEmail);
    }

    @Override
    public List<StateContributor> state() { return List.of(new ReportTypesState(core.config().extras().reportMessageTypes())); }
}
