package dev.stoa.app;

import dev.stoa.events.EventType;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import java.util.List;
import java.util.Map;

/** One feature's wiring: its actions (fields of the module), its part of register and its delivery rules. */
interface Module {
    /** Its part of register's initial state. */
    default List<StateContributor> state() { return List.of(); }

    /** The capability rendering of its event types. */
    default Map<EventType, Delivery.TypeRule> deliveryRules() { return Map.of(); }
}
