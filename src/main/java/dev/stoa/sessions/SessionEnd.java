package dev.stoa.sessions;

import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import dev.stoa.users.UserHooks;
import java.util.function.Consumer;

/**
 * A deactivated user's web sessions end in the deactivating transaction, as Zulip's
 * do_deactivate_user deletes them (delete_user_sessions): otherwise a browser signed in before
 * would be let in again the moment the account is reactivated (issue 30, finding 6).
 */
public final class SessionEnd implements UserHooks {
    private final SessionStore store;

    public SessionEnd(SessionStore store) {
        this.store = store;
    }

    @Override
    public void created(Tx tx, User user, Joining joining) {}

    @Override
    public Consumer<User> aroundRoleChange(Tx tx, User before) {
        return after -> {};
    }

    @Override
    public void activationChanged(Tx tx, User user, boolean active) {
        if (!active) store.deleteAllOf(tx.h(), user.id());
    }
}
