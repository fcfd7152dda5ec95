package dev.stoa.app;

import dev.stoa.events.EventType;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import dev.stoa.users.ApiKeyCache;
import dev.stoa.users.AvatarActions;
import dev.stoa.users.AvatarImages;
import dev.stoa.users.AvatarViews;
import dev.stoa.users.BotActions;
import dev.stoa.users.BotServiceStore;
import dev.stoa.users.ProfileFieldActions;
import dev.stoa.users.ProfileFieldQueries;
import dev.stoa.users.ProfileFieldState;
import dev.stoa.users.ProfileFieldStore;
import dev.stoa.users.ProfileFieldViews;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserAuth;
import dev.stoa.users.UserCache;
import dev.stoa.users.UserDelivery;
import dev.stoa.users.UserHooks;
import dev.stoa.users.UserQueries;
import dev.stoa.users.UserSettingsState;
import dev.stoa.users.UserState;
import dev.stoa.users.UserViews;
import java.util.List;
import java.util.Map;

/** Users and bots, authentication, custom profile fields. `hooks`: what other features do inside user changes. */
public final class UsersModule implements Module {
    public final UserActions actions;
    final UserAuth auth;
    final ProfileFieldStore profileStore;
    /** Stateless SQL over bots' services and configuration: integrations call the bots and answer their config requests. */
    public final BotServiceStore botServices = new BotServiceStore();
    public final ProfileFieldActions profileFields;
    final UserCache userCache;
    final AvatarImages avatarImages;
    public final AvatarActions avatars;
    private final Core core;

    final UserViews views;
    final AvatarViews avatarViews;
    final ProfileFieldViews profileFieldViews;

    UsersModule(Core c, List<UserHooks> hooks) {
        this.core = c;
        this.profileStore = new ProfileFieldStore(c.log());
        this.userCache = new UserCache(c.log(), c.users(), profileStore, c.userJson());
        this.profileFields = new ProfileFieldActions(c.db(), c.log(), profileStore, c.users(), c.userAccess(),
                d -> d.isEmpty() ? "" : c.renderer().render(null, d).html());
        this.actions = new UserActions(c.db(), c.log(), c.users(), c.groups(), c.realm(), c.userJson(), c.userAccess(), c.accessChanges(),
                profileFields, hooks, c.clock(), botServices);
        this.avatarImages = new AvatarImages(c.files());
        this.avatars = new AvatarActions(c.db(), c.log(), c.users(), c.userAccess(), c.userJson().avatars(), avatarImages, c.realm());
        this.auth = new UserAuth(new ApiKeyCache(c.db(), c.log(), c.users()), c.realm(), c.userJson());
        UserQueries queries = new UserQueries(c.db(), c.users(), c.userJson(), profileStore, c.userAccess(), botServices);
        this.views = new UserViews(queries, actions, c.userJson(), new BotActions(c.db(), c.log(), c.users(), botServices, actions, avatars, c.userJson(), c.userAccess()));
        this.avatarViews = new AvatarViews(queries, avatars, avatarImages);
        this.profileFieldViews = new ProfileFieldViews(profileFields, new ProfileFieldQueries(c.db(), profileStore));
    }

    @Override
    public List<StateContributor> state() {
        Core c = core;
        return List.of(new UserState(userCache, c.userJson(), c.realm(), c.groupResolver(), c.userAccess(), botServices),
                new UserSettingsState(), new ProfileFieldState(profileStore));
    }

    @Override
    public Map<EventType, Delivery.TypeRule> deliveryRules() {
        return new UserDelivery(core.db(), core.log(), core.users(), core.userJson()).rules();
    }
}
