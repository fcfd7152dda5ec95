package dev.stoa.groups;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.queues.StateContributor;
import java.util.List;
import java.util.Set;

/** register's realm_user_groups: every group with its direct members and subgroups, kept serialized ({@link GroupDicts}). */
public final class GroupState implements StateContributor {
    public static final List<String> SETTINGS = List.of("can_add_members_group", "can_join_group", "can_leave_group",
            "can_manage_group", "can_mention_group", "can_remove_members_group");

    private final GroupDicts dicts;

    public GroupState(GroupDicts dicts) {
        this.dicts = dicts;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm_user_groups", "user_group"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        boolean withDeactivated = ctx.options().can("include_deactivated_groups");
        state.set("realm_user_groups", dicts.groups(ctx.h(), withDeactivated));
    }
}
