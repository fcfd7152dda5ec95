package dev.stoa.userstatus;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.CommonErrors;
import dev.stoa.identity.User;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserErrors;
import dev.stoa.users.UserStore;

/** The statuses the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class UserStatusQueries {
    private final Db db;
    private final UserStatusStore store;
    private final UserStore users;
    private final UserAccess access;

    public UserStatusQueries(Db db, UserStatusStore store, UserStore users, UserAccess access) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.access = access;
    }

    /** One user's status as `me` may read it, as Zulip's access_user_by_id for reading: bots are "No such user". */
    public ObjectNode status(User me, long id, boolean zulipNames) {
        return db.read(h -> {
            User target = users.byId(h, id).orElse(null);
            if (target == null || target.isBot()) throw CommonErrors.noSuchUser();
            if (!target.isActive()) throw UserErrors.userDeactivated();
            if (!access.canAccess(h, me, target)) throw CommonErrors.insufficientPermission();
            return UserStatusState.of(h, store, target, zulipNames);
        });
    }
}
