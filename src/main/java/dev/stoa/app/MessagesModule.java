package dev.stoa.app;

import dev.stoa.alertwords.AlertWordCache;
import dev.stoa.alertwords.AlertWordStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.config.ExtrasConfig;
import dev.stoa.events.EventType;
import dev.stoa.identity.User;
import dev.stoa.messages.Access;
import dev.stoa.messages.EditTypingActions;
import dev.stoa.messages.FlagViews;
import dev.stoa.messages.IdleStore;
import dev.stoa.messages.IdleUsers;
import dev.stoa.messages.MessageActions;
import dev.stoa.messages.MessageChanges;
import dev.stoa.messages.MessageDelivery;
import dev.stoa.messages.MessageEditActions;
import dev.stoa.messages.MessageEditViews;
import dev.stoa.messages.MessageExtraViews;
import dev.stoa.messages.MessageFlagActions;
import dev.stoa.messages.MessageJson;
import dev.stoa.messages.MessageQueries;
import dev.stoa.messages.MessageState;
import dev.stoa.messages.MessageStore;
import dev.stoa.messages.MessageViews;
import dev.stoa.messages.NotificationBot;
import dev.stoa.messages.ReactionActions;
import dev.stoa.messages.ReactionViews;
import dev.stoa.messages.ReadReceiptViews;
import dev.stoa.messages.ReportActions;
import dev.stoa.messages.ReportViews;
import dev.stoa.messages.SoftDeactivation;
import dev.stoa.messages.SubmessageActions;
import dev.stoa.messages.SubmessageStore;
import dev.stoa.messages.SubmessageViews;
import dev.stoa.messages.TopicDeleteActions;
import dev.stoa.messages.TypingActions;
import dev.stoa.messages.TypingViews;
import dev.stoa.messages.UploadActions;
import dev.stoa.messages.UploadStore;
import dev.stoa.messages.UploadViews;
import dev.stoa.messages.VisitStore;
import dev.stoa.messages.WelcomeBot;
import dev.stoa.messages.WelcomeBotViews;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import dev.stoa.render.RenderViews;
import dev.stoa.topics.UserTopicStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Messages: sending, fetching, editing, flags, reactions, uploads; the notification bot other features post through. */
public final class MessagesModule implements Module {
    final MessageStore store;
    final MessageJson json;
    final Access access;
    public final MessageActions actions;
    public final MessageEditActions edits;
    /** Soft deactivation: every request (HttpFront), subscription changes, deactivations, exports and the collector call it. */
    public final SoftDeactivation softDeactivation;
    public final MessageFlagActions flags;
    public final ReactionActions reactions;
    final TypingActions typing;
    final ReportActions reports;
    public final UploadActions uploads;
    final NotificationBot notificationBot;
    final WelcomeBot welcomeBot;
    final TopicDeleteActions topicDeletes;
    final EditTypingActions editTyping;
    final SubmessageActions submessages;
    private final SubscriptionStore subscriptions;
    /** Stateless SQL over the topics feature's tables: unread counts read topic policies and muted users. */
    private final UserTopicStore userTopics = new UserTopicStore();

    final MessageViews views;
    final MessageEditViews editViews;
    final FlagViews flagViews;
    final ReactionViews reactionViews;
    final TypingViews typingViews;
    final MessageExtraViews extraViews;
    final ReadReceiptViews readReceiptViews;
    final ReportViews reportViews;
    final WelcomeBotViews welcomeBotViews;
    final UploadViews uploadViews;
    final SubmessageViews submessageViews;
    /** Markdown previews and thumbnails: the one renderer messages use. */
    final RenderViews renderViews;

    /**
     * topicCleared: what the topics feature does when a topic is deleted (its visibility policies go);
     * afterSend: what other features do inside a send (push notifications queue the message, outgoing
     * webhooks queue their calls); changes: what other features do when messages are read or deleted
     * (push notifications are removed from the phones).
     */
    MessagesModule(Core c, TopicDeleteActions.TopicCleared topicCleared, MessageActions.AfterSend afterSend, MessageChanges changes) {
        this.store = new MessageStore(c.db().dialect());
        this.subscriptions = c.subscriptions();
        AlertWordCache alertWords = new AlertWordCache(c.db(), c.log(), new AlertWordStore(c.log()));
        this.json = new MessageJson(c.users(), c.userJson(), c.channels(), store, c.realm());
        this.access = new Access(c.channelAccess());
        this.uploads = new UploadActions(c.db(), c.log(), new UploadStore(), store, access, c.files(), c.config().maxUploadMib(), c.clock(), c.realm());
        var deps = new MessageActions.SendDeps(c.users(), c.channels(), c.subscriptions(), c.groups(), c.groupResolver(), c.realm(),
                c.channelAccess(), c.userAccess(), c.renderer());
        IdleStore idleStore = new IdleStore(c.log());
        this.softDeactivation = new SoftDeactivation(c.db(), idleStore, new VisitStore(), store, new IdleUsers(c.db(), c.log(), idleStore), c.clock(),
                c.config().ops().softDeactivationDays());
        this.actions = new MessageActions(c.db(), c.log(), store, json, c.accessChanges(), c.clock(), deps, uploads,
                (h, ch) -> c.channelAccess().audience(h, ch, c.users().all(h).stream().filter(User::isActive).toList()),
                (h, ids) -> alertWords.wordsFor(ids), userTopics::mutingUserIds, afterSend, softDeactivation);

        this.flags = new MessageFlagActions(c.db(), c.log(), store, c.users(), access, json, c.subscriptions(), userTopics, changes);
        this.typing = new TypingActions(c.db(), c.log(), c.users(), c.userJson(), c.subscriptions(), access);
        this.reactions = new ReactionActions(c.db(), c.log(), store, access, c.userJson(), c.realmEmoji());
        this.submessages = new SubmessageActions(c.db(), c.log(), store, new SubmessageStore(store), access);
        this.notificationBot = new NotificationBot(c.db(), c.users(), actions);
        this.welcomeBot = new WelcomeBot(c.db(), c.users(), c.channels(), c.realm(), actions);
        this.reports = new ReportActions(c.db(), store, c.users(), c.channels(), c.realm(), access, notificationBot,
                reportTypes(c.config().extras()));
        this.topicDeletes = new TopicDeleteActions(c.db(), c.log(), store, c.channelAccess(), access, topicCleared, changes);
        this.editTyping = new EditTypingActions(c.db(), c.log(), store, access, c.users(), c.subscriptions(), c.realm(), c.clock());
        this.edits = new MessageEditActions(c.db(), c.log(), store, deps, access, notificationBot, uploads, c.clock(), (h, ids) -> alertWords.wordsFor(ids), changes,
                softDeactivation);
        MessageQueries queries = new MessageQueries(c.db(), store, c.users(), access, c.realm(), json, userTopics::mutedOrMutingIds);
        this.views = new MessageViews(queries, actions);
        this.editViews = new MessageEditViews(queries, edits);
        this.flagViews = new FlagViews(flags);
        this.reactionViews = new ReactionViews(reactions);
        this.typingViews = new TypingViews(typing);
        this.extraViews = new MessageExtraViews(topicDeletes, editTyping);
        this.readReceiptViews = new ReadReceiptViews(queries);
        this.reportViews = new ReportViews(reports);
        this.welcomeBotViews = new WelcomeBotViews(welcomeBot);
        this.uploadViews = new UploadViews(uploads);
        this.submessageViews = new SubmessageViews(submessages);
        this.renderViews = new RenderViews(c.renderer());
    }

    /** The configured --report-message-types, the list register's server_report_message_types advertises. */
    private static Map<String, String> reportTypes(ExtrasConfig extras) {
        Map<String, String> out = new LinkedHashMap<>();
        for (ExtrasConfig.ReportType t : extras.reportMessageTypes()) out.put(t.key(), t.name());
        return out;
    }

    @Override
    public List<StateContributor> state() {
        return List.of(new MessageState(store, subscriptions, userTopics));
    }

    @Override
    public Map<EventType, Delivery.TypeRule> deliveryRules() {
        return MessageDelivery.rules();
    }
}
