package dev.stoa;

import dev.stoa.alertwords.AlertWordActions;
import dev.stoa.alertwords.AlertWordStore;
import dev.stoa.alertwords.AlertWordViews;
import dev.stoa.calls.CallActions;
import dev.stoa.calls.CallState;
import dev.stoa.calls.CallStore;
import dev.stoa.calls.CallViews;
import dev.stoa.calls.MeetingProvider;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.http.Router;
import dev.stoa.navigation.NavigationActions;
import dev.stoa.navigation.NavigationState;
import dev.stoa.navigation.NavigationStore;
import dev.stoa.navigation.NavigationViews;
import dev.stoa.presence.PresenceActions;
import dev.stoa.presence.PresenceStore;
import dev.stoa.presence.PresenceViews;
import dev.stoa.queues.StateContributor;
import dev.stoa.settings.ReportTypesState;
import dev.stoa.settings.SettingsActions;
import dev.stoa.settings.SettingsViews;
import dev.stoa.snippets.SnippetActions;
import dev.stoa.snippets.SnippetState;
import dev.stoa.snippets.SnippetStore;
import dev.stoa.snippets.SnippetViews;
import dev.stoa.drafts.DraftActions;
import dev.stoa.drafts.DraftState;
import dev.stoa.drafts.DraftStore;
import dev.stoa.drafts.DraftViews;
import dev.stoa.topics.ChannelAccess;
import dev.stoa.topics.UserTopicActions;
import dev.stoa.topics.UserTopicStore;
import dev.stoa.topics.UserTopicViews;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.List;

/**
 * Wiring of the per-user extras (issue 8): saved snippets, drafts, navigation views, video calls,
 * user settings, alert words, presence, topic visibility and muted users. Kept apart from
 * {@link Stoa} so that each feature is one block here.
 */
final class ExtrasModule {
    private ExtrasModule() {}

    record Deps(Config config, Db db, EventLog log, Clock clock, UserStore users, UserJson userJson, UserAccess access) {}

    static void wire(Deps d, List<StateContributor> state, Router router) {
        SnippetStore snippets = new SnippetStore();
        new SnippetViews(d.db(), snippets, new SnippetActions(d.db(), d.log(), snippets, d.clock())).routes(router);
        state.add(new SnippetState(snippets));

        ChannelAccess channels = ChannelAccess.forSchema(d.db());
        DraftStore drafts = new DraftStore();
        new DraftViews(d.db(), drafts, new DraftActions(d.db(), d.log(), drafts), d.users(), channels, d.clock()).routes(router);
        state.add(new DraftState(drafts));

        NavigationStore views = new NavigationStore();
        new NavigationViews(d.db(), views, new NavigationActions(d.db(), d.log(), views)).routes(router);
        state.add(new NavigationState(views));

        ExtrasConfig x = d.config().extras();
        MeetingProvider provider = CallViews.providerFor(x.videoCallProvider(), x.jitsiServerUrl(), x.zoomClientId(),
                x.zoomClientSecret(), x.zoomApiUrl(), x.zoomOauthUrl());
        CallStore calls = new CallStore();
        new CallViews(d.db(), provider, calls, new CallActions(d.db(), d.log(), calls), d.users(), d.config().externalUrl(), d.clock())
                .routes(router);
        state.add(new CallState(provider, calls));

        state.add(new ReportTypesState(x.reportMessageTypes()));

        AlertWordStore alertWords = new AlertWordStore();
        AlertWordViews alertWordViews = new AlertWordViews(d.db(), alertWords, new AlertWordActions(d.db(), d.log(), alertWords));
        alertWordViews.routes(router);
        state.add(alertWordViews);

        PresenceStore presence = new PresenceStore();
        boolean limited = x.presenceLimitedToAccessibleUsers();
        PresenceActions presenceActions = new PresenceActions(d.db(), d.log(), presence, d.userJson()::apiEmail, d.access(), limited);
        PresenceViews presenceViews = new PresenceViews(d.db(), presence, presenceActions, d.users(), d.userJson()::apiEmail, d.access(),
                limited, d.clock());
        presenceViews.routes(router);
        state.add(presenceViews);

        UserTopicStore topics = new UserTopicStore();
        UserTopicViews topicViews = new UserTopicViews(d.db(), topics, new UserTopicActions(d.db(), d.log(), topics, d.clock()), d.users(), channels);
        topicViews.routes(router);
        state.add(topicViews);

        new SettingsViews(new SettingsActions(d.db(), d.log(), d.users(), d.access(), d.userJson()::apiEmail)).routes(router);
    }
}
