package dev.stoa.app;

import dev.stoa.messages.MessageDelivery;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.EventQueues;
import dev.stoa.queues.RegisterQueries;
import dev.stoa.queues.RegisterViews;
import dev.stoa.realm.Realm;
import dev.stoa.realm.ServerInfo;

/**
 * Real-time events: the server's event queues, delivering every module's events by its delivery
 * rules, and register, which snapshots every module's state. Built by the server alone (Stoa),
 * on all the modules.
 */
final class QueuesModule {
    final EventQueues queues;
    final RegisterViews views;
    private final RegisterQueries registerQueries;

    QueuesModule(Core c, Modules m) {
        Delivery delivery = new Delivery(() -> Realm.EMPTY_TOPIC_DISPLAY_NAME, m.deliveryRules());
        this.queues = new EventQueues(c.db(), c.log(), delivery, c.clock(), c.config().heartbeatMillis(), c.config().ops().pollGathering());
        this.registerQueries = new RegisterQueries(c.db(), m.state());
        this.views = new RegisterViews(registerQueries, queues, ServerInfo.registerKeys(), MessageDelivery::queueNarrow);
    }

    /** Register's first run for an administrator, in the background after start (RegisterQueries.warm); a failure leaves it to the first register. */
    void warm(Core c) {
        try {
            c.db().read(h -> c.users().activeHumanAdminIds(h).stream().findFirst().flatMap(id -> c.users().byId(h, id)))
                    .ifPresent(registerQueries::warm);
        } catch (RuntimeException e) {
            // stopping, or the database is unreachable: the first register does the work
        }
    }
}
