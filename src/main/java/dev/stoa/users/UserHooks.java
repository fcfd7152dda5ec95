package dev.stoa.users;

import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import java.util.List;
import java.util.function.Consumer;

/**
 * What another feature does inside the transactions of UserActions (channels: default-channel
 * subscriptions, channels a role change shows or hides, subscriber lists on deactivation). Passed
 * to UserActions' constructor, so that users need not depend on those features.
 */
public interface UserHooks {
    /**
     * Where a new person starts: the organization's default channels (as anyone who joins without
     * an invitation) and the channels of its invitation.
     */
    record Joining(boolean defaultChannels, List<Long> channelIds) {
        public static final Joining DEFAULT = new Joining(true, List.of());
    }

    /** A person (not a bot) was created. */
    void created(Tx tx, User user, Joining joining);

    /** Called before a role change with the old user; what it returns runs with the changed one. */
    Consumer<User> aroundRoleChange(Tx tx, User before);

    /** A user was deactivated (before its realm_user event) or reactivated (after it). */
    void activationChanged(Tx tx, User user, boolean active);
}
