package dev.stoa.queues;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.events.LogFollower;
import dev.stoa.identity.User;
import java.util.List;
import java.util.Map;
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

    /**
     * Issue 31: the first register after a start cost ~3x a later one (measured: 170-230 against 40-80 ms of CPU,
     * with the start-up cache), paying for what later ones find ready: Jdbi's parsed statements, Jackson's
     * serializers, method handles and the caches' first load. The server runs this once in the background after
     * it starts: a full state for one person, read only, serialized and dropped; no queue, no event.
     */
    public void warm(User user) {
        QueueSpec spec = new QueueSpec(null, Json.array(), Map.of(), false, true, true, true, "warm-up");
        ObjectNode state = Json.success();
        snapshot(user, new RegisterOptions(true, true, "false", true, 14, false, spec), null, state);
        Json.bytes(state);
    }
}
