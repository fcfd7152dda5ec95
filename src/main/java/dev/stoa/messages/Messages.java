package dev.stoa.messages;

import dev.stoa.Config;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.groups.GroupResolver;
import dev.stoa.groups.GroupStore;
import dev.stoa.http.Router;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.time.Clock;

/** Wiring of the messages feature (stores, actions, views), called from Stoa. */
public final class Messages {
    private Messages() {}

    /** Posts as the notification bot to a channel (announcements from other features). */
    @FunctionalInterface
    public interface NotificationBot {
        void post(dev.stoa.channels.Channel channel, String topic, String content);
    }

    public static NotificationBot wire(Db db, EventLog log, Router router, UserStore users, UserJson userJson, UserActions userActions,
                            UserAccess userAccess, GroupStore groups,
                            GroupResolver resolver, RealmHolder realm, Config config, Clock clock,
                            dev.stoa.render.RenderData renderData, dev.stoa.emoji.RealmEmoji realmEmoji) {
        ChannelStore channels = new ChannelStore();
        SubscriptionStore subs = new SubscriptionStore();
        MessageStore store = new MessageStore(db.dialect());
        dev.stoa.alertwords.AlertWordCache alertWords = new dev.stoa.alertwords.AlertWordCache(db, log);
        MessageJson json = new MessageJson(users, userJson, channels, store);
        dev.stoa.channels.ChannelAccess channelAccess = new dev.stoa.channels.ChannelAccess(channels, subs, resolver, realm);
        Access access = new Access(channels, subs, channelAccess);
        Renderer renderer = new Renderer(config.externalUrl(), () -> renderData.context(false));
        MessageActions actions = new MessageActions(db, log, store, json, userActions, clock,
                (h, c) -> channelAccess.audience(h, c, users.all(h).stream().filter(dev.stoa.identity.User::isActive).toList()),
                (h, ids) -> alertWords.wordsFor(ids));
        MessageViews views = new MessageViews(db, store, users, channels, subs, groups, resolver, realm, access, userAccess, renderer, actions, json);
        views.routes(router);
        MessageEditViews edits = new MessageEditViews(db, store, channels, subs, resolver, realm, access, renderer, views,
                new MessageEditActions(db, log, store, groups, (h, ids) -> alertWords.wordsFor(ids)), actions);
        edits.routes(router);
        new MessageMiscViews(db, store, users, userJson, channels, subs, realm, access, new MessageFlagActions(db, log, store), edits,
                views, json, realmEmoji).routes(router);
        new UploadViews(db, log, store, access, config.dataDir(), config.maxUploadMib(), clock).routes(router);
        return views::sendAsNotificationBot;
    }
}
