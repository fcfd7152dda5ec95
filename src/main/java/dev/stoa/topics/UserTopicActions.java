package dev.stoa.topics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.time.Clock;

/** Topic visibility and muted-user changes; events go to the user's own clients. */
public final class UserTopicActions {
    private final Db db;
    private final EventLog log;
    private final UserTopicStore store;
    private final Clock clock;

    public UserTopicActions(Db db, EventLog log, UserTopicStore store, Clock clock) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.clock = clock;
    }

    /** Sets a topic's policy (0 removes it); no event when nothing changes. */
    public void doSetPolicy(long userId, long streamId, String topic, int policy) {
        db.write(tx -> {
            var old = store.policy(tx.h(), userId, streamId, topic);
            int current = old.map(UserTopicStore.Policy::visibilityPolicy).orElse(0);
            long now = clock.instant().getEpochSecond();
            if (current == policy && old.map(p -> p.topic().equals(topic)).orElse(true)) return null;
            if (policy == 0) store.remove(tx.h(), userId, streamId, topic);
            else store.put(tx.h(), userId, new UserTopicStore.Policy(streamId, topic, policy, now));
            log.append(tx, new MiscEvent.UserTopic(streamId, topic, now, policy), Recipients.users(userId));
            return null;
        });
    }

    public void doMute(long userId, long mutedId) {
        db.write(tx -> {
            if (!store.mute(tx.h(), userId, mutedId, clock.instant().getEpochSecond())) throw ApiError.bad("User already muted");
            announceMutes(tx, userId);
            return null;
        });
    }

    public void doUnmute(long userId, long mutedId) {
        db.write(tx -> {
            if (!store.unmute(tx.h(), userId, mutedId)) throw ApiError.bad("User is not muted");
            announceMutes(tx, userId);
            return null;
        });
    }

    private void announceMutes(Tx tx, long userId) {
        log.append(tx, new MiscEvent.MutedUsers(mutedJson(store, tx.h(), userId)), Recipients.users(userId));
    }

    static ArrayNode mutedJson(UserTopicStore store, org.jdbi.v3.core.Handle h, long userId) {
        ArrayNode a = Json.array();
        for (long[] m : store.mutedUsers(h, userId)) a.add(Json.object().put("id", m[0]).put("timestamp", m[1]));
        return a;
    }
}
