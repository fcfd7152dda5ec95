package dev.stoa;

import dev.stoa.alertwords.AlertWordCache;
import dev.stoa.identity.User;
import dev.stoa.messages.Access;
import dev.stoa.messages.MessageActions;
import dev.stoa.messages.MessageDelivery;
import dev.stoa.messages.MessageEditActions;
import dev.stoa.messages.MessageFlagActions;
import dev.stoa.messages.MessageJson;
import dev.stoa.messages.MessageState;
import dev.stoa.messages.MessageStore;
import dev.stoa.messages.NotificationBot;
import dev.stoa.messages.UploadActions;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import java.util.List;
import java.util.Map;

/** Messages: sending, fetching, editing, flags, reactions, uploads; the notification bot other features post through. */
final class MessagesModule implements Module {
    final MessageStore store;
    final MessageJson json;
    final Access access;
    final MessageActions actions;
    final MessageEditActions edits;
    final MessageFlagActions flags;
    final UploadActions uploads;
    final NotificationBot notificationBot;

    MessagesModule(Core c) {
        this.store = new MessageStore(c.db().dialect());
        AlertWordCache alertWords = new AlertWordCache(c.db(), c.log());
        this.json = new MessageJson(c.users(), c.userJson(), c.channels(), store);
        this.access = new Access(c.channelAccess());
        var deps = new MessageActions.SendDeps(c.users(), c.channels(), c.subscriptions(), c.groups(), c.groupResolver(), c.realm(),
                c.channelAccess(), c.userAccess(), c.renderer());
        this.actions = new MessageActions(c.db(), c.log(), store, json, c.accessChanges(), c.clock(), deps,
                (h, ch) -> c.channelAccess().audience(h, ch, c.users().all(h).stream().filter(User::isActive).toList()),
                (h, ids) -> alertWords.wordsFor(ids));

        this.flags = new MessageFlagActions(c.db(), c.log(), store);
        this.uploads = new UploadActions(c.db(), c.log());
        this.notificationBot = new NotificationBot(c.db(), c.users(), c.subscriptions(), c.renderer(), actions);
        this.edits = new MessageEditActions(c.db(), c.log(), store, deps, access, notificationBot, c.clock(), (h, ids) -> alertWords.wordsFor(ids));
    }

    @Override
    public List<StateContributor> state() {
        return List.of(new MessageState());
    }

    @Override
    public Map<String, Delivery.TypeRule> deliveryRules() {
        return MessageDelivery.rules();
    }
}
