package dev.stoa.app;

import dev.stoa.calls.CallActions;
import dev.stoa.calls.CallQueries;
import dev.stoa.calls.CallState;
import dev.stoa.calls.CallStore;
import dev.stoa.calls.CallViews;
import dev.stoa.calls.MeetingProvider;
import dev.stoa.config.ExtrasConfig;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** Video calls through the configured provider (none, Jitsi, Zoom). */
final class CallsModule implements Module {
    final MeetingProvider provider;
    final CallStore store = new CallStore();
    final CallActions actions;

    final CallViews views;

    CallsModule(Core c) {
        ExtrasConfig x = c.config().extras();
        this.provider = MeetingProvider.of(x.videoCallProvider(), x.jitsiServerUrl(), x.zoomClientId(), x.zoomClientSecret(),
                x.zoomApiUrl(), x.zoomOauthUrl());
        this.actions = new CallActions(c.db(), c.log(), store);
        this.views = new CallViews(new CallQueries(c.db(), store, c.users()), provider, actions, c.config().externalUrl(), c.clock());
    }

    @Override
    public List<StateContributor> state() { return List.of(new CallState(provider, store)); }
}
