package dev.stoa;

import dev.stoa.channels.ChannelAccess;
import dev.stoa.channels.ChannelActions;
import dev.stoa.channels.ChannelSight;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelActivity;
import dev.stoa.channels.ChannelDelivery;
import dev.stoa.channels.ChannelJson;
import dev.stoa.channels.ChannelReadViews;
import dev.stoa.channels.ChannelState;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.ChannelUpdateActions;
import dev.stoa.channels.ChannelUpdateViews;
import dev.stoa.channels.ChannelViews;
import dev.stoa.channels.FolderActions;
import dev.stoa.channels.FolderStore;
import dev.stoa.channels.FolderViews;
import dev.stoa.channels.GroupSettings;
import dev.stoa.channels.SubscriptionPropertyViews;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.channels.SubscriptionViews;
import dev.stoa.db.Db;
import dev.stoa.emoji.EmojiActions;
import dev.stoa.emoji.EmojiImages;
import dev.stoa.emoji.EmojiState;
import dev.stoa.emoji.EmojiStore;
import dev.stoa.emoji.EmojiViews;
import dev.stoa.emoji.RealmEmoji;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogTailer;
import dev.stoa.groups.Actor;
import dev.stoa.groups.GroupActions;
import dev.stoa.groups.GroupCache;
import dev.stoa.groups.GroupResolver;
import dev.stoa.groups.GroupSettingValues;
import dev.stoa.groups.GroupViews;
import dev.stoa.groups.GroupState;
import dev.stoa.groups.GroupStore;
import dev.stoa.http.HttpFront;
import dev.stoa.linkifiers.LinkifierActions;
import dev.stoa.linkifiers.LinkifierState;
import dev.stoa.linkifiers.LinkifierStore;
import dev.stoa.linkifiers.LinkifierViews;
import dev.stoa.markdown.MarkdownRenderer;
import dev.stoa.messages.Messages;
import dev.stoa.http.RateLimiter;
import dev.stoa.http.Router;
import dev.stoa.queues.Collector;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.EventQueues;
import dev.stoa.queues.NotYetBuiltState;
import dev.stoa.queues.RegisterViews;
import dev.stoa.queues.StateContributor;
import dev.stoa.realm.Realm;
import dev.stoa.realm.RealmActions;
import dev.stoa.realm.RealmViews;
import dev.stoa.realm.RealmHolder;
import dev.stoa.realm.RealmState;
import dev.stoa.realm.RealmStore;
import dev.stoa.realm.ServerInfo;
import dev.stoa.render.MessageRenderer;
import dev.stoa.render.RenderData;
import dev.stoa.markdown.MarkdownContext;
import dev.stoa.render.RenderViews;
import dev.stoa.users.AuthViews;
import dev.stoa.users.ProfileData;
import dev.stoa.users.ProfileFieldActions;
import dev.stoa.users.ProfileFieldViews;
import dev.stoa.users.ProfileFieldState;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserAuth;
import dev.stoa.users.UserDelivery;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserSettingsState;
import dev.stoa.users.UserState;
import dev.stoa.users.UserStore;
import dev.stoa.users.UserViews;
import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.VirtualThreadPool;

/** The server: wires every feature by constructor, starts Jetty on virtual threads, and stops cleanly. */
public final class Stoa implements AutoCloseable {
    private final Config config;
    private final Db db;
    private final Server jetty;
    private final EventQueues queues;
    private final Collector janitor;
    private final LogTailer tailer;
    private final Router router;
    private final Bootstrap.Owner createdOwner;
    private final RealmHolder realm;

    private Stoa(Config config, Db db, Server jetty, EventQueues queues, Collector janitor, LogTailer tailer, Router router,
                 Bootstrap.Owner createdOwner, RealmHolder realm) {
        this.tailer = tailer;
        this.realm = realm;
        this.config = config;
        this.db = db;
        this.jetty = jetty;
        this.queues = queues;
        this.janitor = janitor;
        this.router = router;
        this.createdOwner = createdOwner;
    }

    public static Stoa start(Config config, Clock clock) throws Exception {
        Files.createDirectories(config.dataDir());
        Db db = config.databaseUrl() == null ? Db.sqlite(config.dataDir().resolve("stoa.db")) : Db.postgres(config.databaseUrl());
        Stoa stoa;
        try {
            stoa = wire(config, db, clock);
        } catch (Exception | Error e) {
            db.close();
            throw e;
        }
        Bootstrap.Owner owner = stoa.createdOwner;
        if (owner != null) {
            // First start: the owner's credentials in a zuliprc that Zulip's clients read as it is.
            try {
                Bootstrap.writeZuliprc(config.dataDir(), owner.user().deliveryEmail(), owner.user().apiKey(), config.externalUrl());
            } catch (java.io.IOException e) {
                stoa.close();
                throw new Config.ConfigError("cannot write " + config.dataDir().resolve("zuliprc") + ": " + e.getMessage());
            }
        }
        return stoa;
    }

    private static Stoa wire(Config config, Db db, Clock clock) throws Exception {
        EventLog log = new EventLog(db, clock);
        RealmStore realmStore = new RealmStore();
        RealmHolder realm = new RealmHolder(db, realmStore);
        GroupStore groupStore = new GroupStore();
        GroupResolver resolver = new GroupResolver(groupStore, new GroupCache(db, log));
        UserStore userStore = new UserStore();
        UserJson userJson = new UserJson(config.realmHost());
        UserAccess userAccess = new UserAccess(realm);
        UserActions userActions = new UserActions(db, log, userStore, groupStore, realm, userJson, userAccess, clock);
        Bootstrap.Owner owner = Bootstrap.ensureRealm(db, realmStore, groupStore, realm, userActions, config, clock);
        realm.follow(log); // realm settings changed by any node reach this node's holder through the log
        ProfileData profileData = new ProfileData(db, log);
        UserAuth auth = new UserAuth(db, userStore, realm, userJson);

        Delivery delivery = new Delivery(() -> Realm.EMPTY_TOPIC_DISPLAY_NAME);
        new UserDelivery(db, log, userStore, userJson).register(delivery);
        EmojiState.register(delivery);
        LinkifierStore linkifierStore = new LinkifierStore();
        EmojiStore emojiStore = new EmojiStore();
        RealmEmoji realmEmoji = new RealmEmoji(db, emojiStore, log);
        dev.stoa.messages.MessageDelivery.register(delivery);
        ChannelDelivery.register(delivery);
        EventQueues queues = new EventQueues(db, log, delivery, clock, config.heartbeatMillis());
        ChannelStore channelStore = new ChannelStore();
        // A channel link costs one indexed lookup per #**mention** (not per message).
        RenderData renderData = new RenderData(db, log, realmEmoji, linkifierStore,
                name -> db.read(h -> channelStore.byName(h, name)).map(c -> new MarkdownContext.ChannelRef(c.id(), c.name())),
                config.externalUrl());
        MessageRenderer messageRenderer = new MessageRenderer(new MarkdownRenderer(), renderData);
        ChannelJson.useMarkdown(d -> messageRenderer.render(null, d).html());
        SubscriptionStore subscriptionStore = new SubscriptionStore();
        FolderStore folderStore = new FolderStore();
        ChannelAccess channelAccess = new ChannelAccess(channelStore, subscriptionStore, resolver, realm);
        ChannelActivity channelActivity = new ChannelActivity(db, clock);
        channelActivity.refreshDaily();
        ChannelJson channelJson = new ChannelJson(clock, realm.systemGroups(), channelActivity);
        GroupSettings channelGroupSettings = new GroupSettings(realm);
        ChannelActions channelActions = new ChannelActions(db, log, channelStore, subscriptionStore, channelAccess, channelJson, userStore,
                userActions, clock);
        ChannelSight channelSight = new ChannelSight(log, channelStore, subscriptionStore, channelAccess, groupStore, channelActions);
        userActions.onCreate(channelActions::subscribeToDefaults);
        userActions.onRoleChange(channelSight::visibilityAround);
        userActions.onActivationChange(channelSight::activationChanged);
        ChannelUpdateActions channelUpdates = new ChannelUpdateActions(db, log, channelStore, subscriptionStore, channelAccess, channelJson, channelActions);
        FolderActions folderActions = new FolderActions(db, log, folderStore, clock);
        List<StateContributor> state = new ArrayList<>(List.of(
                new RealmState(realm, config.externalUrl(), config.realmHost()),
                new UserState(userStore, userJson, profileData, realm, resolver, userAccess),
                new UserSettingsState(),
                new ProfileFieldState(),
                new GroupState(),
                new LinkifierState(linkifierStore),
                new EmojiState(emojiStore),
                new dev.stoa.messages.MessageState(),
                new ChannelState(channelStore, subscriptionStore, folderStore, channelAccess, channelJson),
                new NotYetBuiltState()));

        Router router = new Router();
        // groups and realm settings (issue 5): permissions are group-setting values checked by the resolver
        Actor.Resolver actors = req -> {
            dev.stoa.users.User u = req.user();
            return new Actor(u.id(), u.role(), u.isBot());
        };
        GroupSettingValues groupValues = new GroupSettingValues(groupStore, realm::systemGroup);
        GroupActions groupActions = new GroupActions(db, log, groupStore, groupValues, clock);
        RealmActions realmActions = new RealmActions(db, log, realmStore, realm, groupValues, clock);
        groupActions.addUsageCheck(realmActions::objections);
        new GroupViews(db, groupStore, groupActions, groupValues, resolver, actors, name -> realm.get().get(name)).routes(router);
        RealmViews realmViews = new RealmViews(db, realmActions, groupValues, actors);
        realmViews.channelLookup((h, id) -> channelStore.byId(h, id).filter(c -> !c.isArchived()).map(Channel::inviteOnly));
        realmViews.routes(router);
        // A group named in a channel's permission settings is in use and cannot be deactivated.
        groupActions.addUsageCheck(channelAccess::groupObjections);
        groupActions.onMembershipChange(channelSight::groupChangeAround);
        new AuthViews(db, userStore, userJson, realm, config.externalUrl(), new RateLimiter(config.loginFailureLimit(), 1800, clock),
                ChannelJson::render).routes(router);
        ProfileFieldActions profileFieldActions = new ProfileFieldActions(db, log, userAccess, ChannelJson::render);
        new UserViews(db, userStore, userActions, userJson, profileData, profileFieldActions, realm, userAccess).routes(router);
        new ProfileFieldViews(db, profileFieldActions, profileData).routes(router);
        // After UserViews: the extras join its PATCH /settings route.
        ExtrasModule.wire(new ExtrasModule.Deps(config, db, log, clock, userStore, userJson, userAccess), state, router);
        new RegisterViews(db, queues, state, auth, ServerInfo.registerKeys(), u -> !((dev.stoa.users.User) u).isGuest()).routes(router);
        Router rootRouter = new Router();
        new LinkifierViews(db, linkifierStore, new LinkifierActions(db, log, linkifierStore)).routes(router);
        EmojiViews emojiViews = new EmojiViews(db, emojiStore, new EmojiActions(db, log, emojiStore),
                new EmojiImages(config.dataDir()), realm, resolver);
        emojiViews.routes(router);
        emojiViews.rootRoutes(rootRouter);
        RenderViews renderViews = new RenderViews(messageRenderer);
        renderViews.routes(router);
        renderViews.rootRoutes(rootRouter);
        Messages.NotificationBot notificationBot =
                Messages.wire(db, log, router, userStore, userJson, userActions, userAccess, groupStore, resolver, realm, config, clock, renderData, realmEmoji);
        ChannelViews channelViews = new ChannelViews(db, channelStore, folderStore, channelAccess, channelGroupSettings,
                channelActions, channelUpdates, realm);
        channelViews.announcer(notificationBot::post);
        channelViews.routes(router);
        new ChannelUpdateViews(db, channelStore, subscriptionStore, folderStore, channelAccess, channelGroupSettings,
                channelUpdates, channelViews).routes(router);
        new ChannelReadViews(db, channelStore, subscriptionStore, channelAccess, channelJson, userStore).routes(router);
        new SubscriptionViews(db, channelStore, subscriptionStore, channelAccess, channelJson, channelActions, channelViews,
                userStore, userJson).routes(router);
        new SubscriptionPropertyViews(db, subscriptionStore, channelAccess, channelUpdates).routes(router);
        new FolderViews(db, channelStore, folderStore, channelAccess, channelJson, folderActions, channelUpdates).routes(router);

        RateLimiter perUser = new RateLimiter(config.userRateLimit(), 60, clock);
        RateLimiter perIp = new RateLimiter(config.ipRateLimit(), 60, clock);
        // Jetty's default of 200 threads would cap parked long-polls at ~199 (the acceptor takes one)
        Server jetty = new Server(new VirtualThreadPool(1_000_000));
        // Navigation-view fragments are path-like and arrive percent-encoded (%2F, %25) in the path;
        // routing splits the raw path, so these encodings are not ambiguous for us.
        org.eclipse.jetty.server.HttpConfiguration httpConfig = new org.eclipse.jetty.server.HttpConfiguration();
        httpConfig.setUriCompliance(org.eclipse.jetty.http.UriCompliance.DEFAULT.with("stoa",
                org.eclipse.jetty.http.UriCompliance.Violation.AMBIGUOUS_PATH_SEPARATOR,
                org.eclipse.jetty.http.UriCompliance.Violation.AMBIGUOUS_PATH_ENCODING));
        // Long GET query strings are legitimate (user_ids, narrows): 64 KiB of request line and headers.
        httpConfig.setRequestHeaderSize(64 * 1024);
        ServerConnector connector = new ServerConnector(jetty, new org.eclipse.jetty.server.HttpConnectionFactory(httpConfig));
        connector.setHost(config.host());
        connector.setPort(config.port());
        connector.setAcceptQueueSize(1024); // thousands of long-polling clients reconnect at once after a restart
        connector.setIdleTimeout(TimeUnit.SECONDS.toMillis(RegisterViews.LONGPOLL_TIMEOUT_SECONDS + 30));
        jetty.addConnector(connector);
        jetty.setHandler(new HttpFront(router, rootRouter, auth, new HttpFront.Limits(perUser, perIp)));
        jetty.setErrorHandler(new dev.stoa.http.JsonErrorHandler());
        jetty.setStopTimeout(5000);
        jetty.start();

        // The collector runs each task in its own try/catch: one failing task never stops the others.
        Collector janitor = new Collector(List.of(queues::collect, realmActions::doSyncFullMembers, perUser::sweep, perIp::sweep,
                channelActivity::refreshDaily), config.collectorMillis());
        LogTailer tailer = new LogTailer(db, log, db.dialect() == dev.stoa.db.Dialect.POSTGRES ? 1000 : 250).start();
        return new Stoa(config, db, jetty, queues, janitor, tailer, router, owner, realm);
    }

    public int port() {
        return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    }

    public Router router() { return router; }

    public Db db() { return db; }

    /** The realm's settings in memory (tests reload it after changing a setting in the database). */
    public RealmHolder realm() { return realm; }

    public EventQueues queues() { return queues; }

    public Collector collector() { return janitor; }

    /** The owner created by this start (first start only), with the generated password. */
    Bootstrap.Owner createdOwner() { return createdOwner; }

    public Config config() { return config; }

    @Override
    public void close() {
        try {
            jetty.stop();
        } catch (Exception e) {
            // stopping is best effort: the database below is closed in any case
        }
        janitor.close();
        tailer.close();
        queues.flush();
        db.close();
    }
}
