package dev.stoa.queues;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.LogFollower;
import dev.stoa.identity.User;
import java.util.List;
import java.util.Set;

/** register's state read: every contributor fills its part from one snapshot. The view holds no database: reads go through here. */
public final class RegisterQueries {
    private final Db db;
    private final List<StateContributor> contributors;

    public RegisterQueries(Db db, List<StateContributor> contributors) {
        this.db = db;
        this.contributors = contributors;
    }

    /**
     * Fills `state` with the parts of the contributors whose event types are fetched (null: all),
     * in one read transaction, and returns the log's head at that snapshot (where the queue starts).
     */
    public long snapshot(User user, RegisterOptions opts, Set<String> fetchTypes, ObjectNode state) {
        Long userId = user == null ? null : user.id();
        // The log-fed caches answer as of this snapshot's log head (LogFollower.readingAt).
        return db.read(h -> LogFollower.readingAt(h, snapshot -> {
            StateContributor.Context ctx = new StateContributor.Context(h, user, userId, opts, fetchTypes);
            for (StateContributor c : contributors) {
                if (fetchTypes == null || c.eventTypes().stream().anyMatch(fetchTypes::contains)) c.fetch(ctx, state);
            }
            return snapshot.head();
        }));
    }
}
