package dev.stoa.app;

import dev.stoa.groups.GroupActions;
import dev.stoa.groups.GroupState;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** User groups. `usageChecks`: features whose settings name groups; `membershipHooks`: what follows a membership change. */
public final class GroupsModule implements Module {
    public final GroupActions actions;
    private final Core core;

    GroupsModule(Core c, List<GroupActions.UsageCheck> usageChecks, List<GroupActions.MembershipHook> membershipHooks) {
        this.core = c;
        this.actions = new GroupActions(c.db(), c.log(), c.groups(), c.groupValues(), c.groupResolver(), name -> c.realm().get().get(name), c.clock(),
                usageChecks, membershipHooks);
    }

    @Override
    public List<StateContributor> state() {
        return List.of(new GroupState(core.groups()));
    }
}
