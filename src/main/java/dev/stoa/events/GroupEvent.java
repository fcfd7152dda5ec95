package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** user_group events. */
public sealed interface GroupEvent extends Event {
    record Add(ObjectNode group) implements GroupEvent {
        public String type() { return "user_group"; }
        public String op() { return "add"; }
    }

    /** update: `data` holds the changed fields; extras carry "__deactivated" for capability rendering. */
    record Update(long groupId, ObjectNode data, ObjectNode extras) implements GroupEvent {
        public String type() { return "user_group"; }
        public String op() { return "update"; }
    }

    record AddMembers(long groupId, List<Long> userIds) implements GroupEvent {
        public String type() { return "user_group"; }
        public String op() { return "add_members"; }
    }

    record RemoveMembers(long groupId, List<Long> userIds) implements GroupEvent {
        public String type() { return "user_group"; }
        public String op() { return "remove_members"; }
    }

    record AddSubgroups(long groupId, List<Long> directSubgroupIds) implements GroupEvent {
        public String type() { return "user_group"; }
        public String op() { return "add_subgroups"; }
    }

    record RemoveSubgroups(long groupId, List<Long> directSubgroupIds) implements GroupEvent {
        public String type() { return "user_group"; }
        public String op() { return "remove_subgroups"; }
    }

    record Remove(long groupId) implements GroupEvent {
        public String type() { return "user_group"; }
        public String op() { return "remove"; }
    }
}
