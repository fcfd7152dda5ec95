package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * user_group events. Events about a deactivated group carry the hint deactivated, so
 * that delivery drops them for clients without include_deactivated_groups (which do not know
 * the group); a reactivation's update carries the whole group as the hint group so that those
 * clients get an add event instead.
 */
public sealed interface GroupEvent extends Event {
    record Add(ObjectNode group) implements GroupEvent {
        public EventType type() { return EventType.USER_GROUP; }
        public String op() { return "add"; }
    }

    /** update: `data` holds the changed fields; hints: deactivated, group, for capability rendering. */
    record Update(long groupId, ObjectNode data, @JsonIgnore Hints hints) implements GroupEvent {
        public EventType type() { return EventType.USER_GROUP; }
        public String op() { return "update"; }
    }

    record AddMembers(long groupId, List<Long> userIds, @JsonIgnore Hints hints) implements GroupEvent {
        public AddMembers(long groupId, List<Long> userIds) { this(groupId, userIds, Hints.NONE); }
        public EventType type() { return EventType.USER_GROUP; }
        public String op() { return "add_members"; }
    }

    record RemoveMembers(long groupId, List<Long> userIds, @JsonIgnore Hints hints) implements GroupEvent {
        public RemoveMembers(long groupId, List<Long> userIds) { this(groupId, userIds, Hints.NONE); }
        public EventType type() { return EventType.USER_GROUP; }
        public String op() { return "remove_members"; }
    }

    record AddSubgroups(long groupId, List<Long> directSubgroupIds, @JsonIgnore Hints hints) implements GroupEvent {
        public EventType type() { return EventType.USER_GROUP; }
        public String op() { return "add_subgroups"; }
    }

    record RemoveSubgroups(long groupId, List<Long> directSubgroupIds, @JsonIgnore Hints hints) implements GroupEvent {
        public EventType type() { return EventType.USER_GROUP; }
        public String op() { return "remove_subgroups"; }
    }

    record Remove(long groupId) implements GroupEvent {
        public EventType type() { return EventType.USER_GROUP; }
        public String op() { return "remove"; }
    }
}
