package dev.stoa.app;

import dev.stoa.groups.GroupActions;
import dev.stoa.groups.GroupDicts;
import dev.stoa.groups.GroupQueries;
import dev.stoa.groups.GroupState;
import dev.stoa.groups.GroupViews;
import dev.stoa.queues.StateContributor;
import java.util.List;

/** User groups. `usageChecks`: features whose settings name groups; `membershipHooks`: what follows a membership change. */
public final class GroupsModule implements Module {
    public final GroupActions actions;
    /** register's realm_user_groups, kept serialized. */
    final GroupDicts dicts;

    final GroupViews views;

    GroupsModule(Core c, List<GroupActions.UsageCheck> usageChecks, List<GroupActions.MembershipHook> membershipHooks) {
        this.dicts = new GroupDicts(c.log(), c.groups());
        this.actions = new GroupActions(c.db(), c.log(), c.groups(), c.groupValues(), c.groupResolver(), name -> c.realm().get().get(name), c.clock(),
                usageChecks, membershipHooks);
        this.views = new GroupViews(new GroupQueries(c.db(), c.groups()), actions, c.groupValues());
    }

    @Override
    public List<StateContributor> state() {
        return List.of(new GroupState(dicts));
    }
}
