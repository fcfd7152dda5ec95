package dev.stoa.app;

import dev.stoa.channels.ChannelActions;
import dev.stoa.channels.ChannelActivity;
import dev.stoa.channels.ChannelCreateRules;
import dev.stoa.channels.ChannelDicts;
import dev.stoa.channels.ChannelDelivery;
import dev.stoa.channels.ChannelEmail;
import dev.stoa.channels.ChannelJson;
import dev.stoa.channels.ChannelQueries;
import dev.stoa.channels.ChannelReadViews;
import dev.stoa.channels.ChannelSight;
import dev.stoa.channels.ChannelState;
import dev.stoa.channels.ChannelUpdateActions;
import dev.stoa.channels.ChannelUpdateViews;
import dev.stoa.channels.ChannelViews;
import dev.stoa.channels.FolderActions;
import dev.stoa.channels.FolderViews;
import dev.stoa.channels.GroupSettings;
import dev.stoa.channels.PartialSubscribers;
import dev.stoa.channels.SubscriptionActions;
import dev.stoa.channels.SubscriptionPropertyViews;
import dev.stoa.channels.SubscriptionQueries;
import dev.stoa.channels.SubscriptionViews;
import dev.stoa.events.EventType;
import dev.stoa.presence.PresenceStore;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import java.util.List;
import java.util.Map;

/**
 * Channels, subscriptions, default channels, folders. `sight` is its hook into user and group
 * changes (UsersModule and GroupsModule take it).
 */
public final class ChannelsModule implements Module {
    final ChannelActivity activity;
    final ChannelJson json;
    /** register's channel dicts, kept serialized. */
    final ChannelDicts dicts;
    final GroupSettings groupSettings;
    final ChannelCreateRules creation;
    public final ChannelActions actions;
    final ChannelUpdateActions updates;
    final SubscriptionActions subscriptions;
    final FolderActions folders;
    final ChannelSight sight;
    final ChannelEmail email;
    /** include_subscribers=partial: bots and users with presence in the last 14 days (the presence feature's table). */
    final PartialSubscribers partial;
    private final Core core;

    final ChannelViews views;
    final ChannelReadViews readViews;
    final ChannelUpdateViews updateViews;
    final SubscriptionViews subscriptionViews;
    final SubscriptionPropertyViews subscriptionPropertyViews;
    /** Channel folders and the default channels. */
    final FolderViews folderViews;

    ChannelsModule(Core c, ChannelCreateRules.Announcer announcer, ChannelActions.Settle settle) {
        this.core = c;
        this.partial = new PartialSubscribers(c.users(), new PresenceStore()::connectedSince, c.clock());
        this.activity = new ChannelActivity(c.db(), c.channels(), c.clock());
        this.json = new ChannelJson(c.clock(), c.realm(), activity, c.renderer());
        this.dicts = new ChannelDicts(c.log(), c.channels(), json);
        this.groupSettings = new GroupSettings(c.realm(), c.users(), c.groups());
        this.creation = new ChannelCreateRules(c.db(), c.channels(), c.folders(), c.users(), c.channelAccess(), groupSettings,
                c.realm(), announcer);
        this.actions = new ChannelActions(c.db(), c.log(), c.channels(), c.subscriptions(), c.channelAccess(), json, c.users(),
                c.accessChanges(), c.clock(), creation, settle);
        this.updates = new ChannelUpdateActions(c.db(), c.log(), c.channels(), c.subscriptions(), c.folders(), c.channelAccess(),
                groupSettings, creation, json, actions);
        this.subscriptions = new SubscriptionActions(c.db(), c.channels(), c.subscriptions(), c.channelAccess(), actions, creation,
                c.users(), c.userJson());
        this.folders = new FolderActions(c.db(), c.log(), c.folders(), json, c.clock());
        this.email = new ChannelEmail(c.db(), c.channels(), c.config().realmHost());
        this.sight = new ChannelSight(c.log(), c.channels(), c.subscriptions(), c.channelAccess(), c.groups(), actions);
        this.views = new ChannelViews(actions, updates);
        ChannelQueries queries = new ChannelQueries(c.db(), c.channels(), c.subscriptions(), c.folders(), c.channelAccess(), json, c.users(), email);
        this.readViews = new ChannelReadViews(queries);
        this.updateViews = new ChannelUpdateViews(updates);
        this.subscriptionViews = new SubscriptionViews(new SubscriptionQueries(c.db(), c.channels(), c.subscriptions(), json, partial), subscriptions);
        this.subscriptionPropertyViews = new SubscriptionPropertyViews(updates);
        this.folderViews = new FolderViews(queries, folders, updates);
    }

    @Override
    public List<StateContributor> state() {
        return List.of(new ChannelState(core.channels(), dicts, core.subscriptions(), core.folders(), core.channelAccess(), json, partial));
    }

    @Override
    public Map<EventType, Delivery.TypeRule> deliveryRules() {
        return ChannelDelivery.rules();
    }
}
