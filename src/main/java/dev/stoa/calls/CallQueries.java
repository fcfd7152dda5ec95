package dev.stoa.calls;

import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.util.Optional;

/** What the call views read (a stored provider token, the user an OAuth state names), each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class CallQueries {
    private final Db db;
    private final CallStore store;
    private final UserStore users;

    public CallQueries(Db db, CallStore store, UserStore users) {
        this.db = db;
        this.store = store;
        this.users = users;
    }

    public Optional<String> token(long userId, String providerKey) {
        return db.read(h -> store.token(h, userId, providerKey));
    }

    public Optional<User> user(long userId) {
        return db.read(h -> users.byId(h, userId));
    }
}
