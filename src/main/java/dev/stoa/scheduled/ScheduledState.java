package dev.stoa.scheduled;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's scheduled_messages and reminders: the user's undelivered ones (failed included), by delivery time. */
public final class ScheduledState implements StateContributor {
    private final ScheduledStore store;

    public ScheduledState(ScheduledStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("scheduled_messages", "reminders"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        Long me = ctx.viewer() == null ? null : ctx.viewer().id();
        if (ctx.fetches("scheduled_messages")) {
            ArrayNode a = state.putArray("scheduled_messages");
            if (me != null) store.undelivered(ctx.h(), me, ScheduledRow.SEND_LATER).forEach(r -> a.add(ScheduledJson.scheduled(r)));
        }
        if (ctx.fetches("reminders")) {
            ArrayNode a = state.putArray("reminders");
            if (me != null) store.undelivered(ctx.h(), me, ScheduledRow.REMIND).forEach(r -> a.add(ScheduledJson.reminder(r)));
        }
    }
}
