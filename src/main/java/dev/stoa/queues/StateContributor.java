package dev.stoa.queues;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.identity.User;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * One feature's part of register's initial state. Adding a feature's keys is one class
 * registered in Stoa's wiring: it names the fetch_event_types it answers and fills its keys.
 * It reads inside register's snapshot transaction, so state and the queue's start agree.
 */
public interface StateContributor {
    /** The event types (fetch_event_types names) whose initial state this provides. */
    Set<String> eventTypes();

    void fetch(Context ctx, ObjectNode state) throws Exception;

    /**
     * The snapshot handle, the user (null for a spectator), the options, and the
     * fetch_event_types asked for (null: all; defaults to event_types).
     */
    record Context(Handle h, User user, Long userId, RegisterOptions options, Set<String> fetchEventTypes) {
        public User viewer() { return user; }

        /** Whether the initial state of this event type was asked for (fetch_event_types, else event_types). */
        public boolean fetches(String type) { return fetchEventTypes == null || fetchEventTypes.contains(type); }
    }
}
