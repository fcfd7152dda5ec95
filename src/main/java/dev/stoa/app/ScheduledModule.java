package dev.stoa.app;

import dev.stoa.queues.StateContributor;
import dev.stoa.scheduled.ReminderContent;
import dev.stoa.scheduled.ScheduledActions;
import dev.stoa.scheduled.ScheduledDelivery;
import dev.stoa.scheduled.ScheduledQueries;
import dev.stoa.scheduled.ScheduledState;
import dev.stoa.scheduled.ScheduledStore;
import dev.stoa.scheduled.ScheduledViews;
import java.util.List;

/** Scheduled messages and reminders; `delivery` is the collector's job that sends what is due. */
final class ScheduledModule implements Module {
    final ScheduledStore store;
    final ScheduledActions actions;
    final ScheduledDelivery delivery;

    final ScheduledViews views;

    ScheduledModule(Core c, MessagesModule messages) {
        this.store = new ScheduledStore(c.db().dialect());
        ReminderContent reminders = new ReminderContent(c.users(), c.channels(), c.config().externalUrl());
        this.actions = new ScheduledActions(c.db(), c.log(), store, messages.actions, messages.store, messages.access, reminders, c.clock());
        this.delivery = new ScheduledDelivery(c.db(), c.log(), store, actions, messages.actions, messages.notificationBot, reminders,
                c.users(), c.realm(), c.clock());
        this.views = new ScheduledViews(new ScheduledQueries(c.db(), store), actions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new ScheduledState(store)); }
}
