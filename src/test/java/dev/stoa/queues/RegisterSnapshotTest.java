package dev.stoa.queues;

import com.fasterxml.jackson.databind.node.BooleanNode;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.realm.RealmStore;
import dev.stoa.realm.ServerInfo;
import dev.stoa.testing.StoaTestBase;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Register's promise: one consistent state, as of its queue's first event id. A change of a cached
 * table committed while register reads (after its snapshot) must reach the client once, by the
 * queue, and not also in the state (the caches are ahead of the snapshot then); a change committed
 * before the snapshot but not yet published on this node must be in the state, and not in the queue.
 * The interleaving is fixed by a contributor that runs first inside register's snapshot.
 */
class RegisterSnapshotTest extends StoaTestBase {
    /** Reads the realm setting and a group membership from the caches, as register's contributors do. */
    private StateContributor reader(String setting, long groupId, long userId) {
        return new StateContributor() {
            public Set<String> eventTypes() { return Set.of("realm", "user_group"); }

            public void fetch(Context ctx, ObjectNode state) {
                state.set("t_setting", server.stoa.realm().get().get(setting));
                state.put("t_member", server.stoa.core().groupResolver().isMember(ctx.h(), userId, Json.tree(groupId)));
            }
        };
    }

    private long createGroup() {
        return owner.post("/user_groups/create", "name", "snapshot " + System.nanoTime(), "description", "a team", "members", List.of())
                .success().get("group_id").asLong();
    }

    /** Runs {@code during} on register's thread after its snapshot is taken, before the caches are read. */
    private static StateContributor hook(Runnable during) {
        return new StateContributor() {
            public Set<String> eventTypes() { return Set.of("realm"); }

            public void fetch(Context ctx, ObjectNode state) { during.run(); }
        };
    }

    /** Register as the member, through a RegisterViews over the server's queues with these contributors alone. */
    private ObjectNode register(List<StateContributor> contributors) {
        Db db = server.stoa.db();
        RegisterViews views = new RegisterViews(new RegisterQueries(db, contributors), server.stoa.queues(), ServerInfo.registerKeys(), narrow -> narrow);
        Request req = new Request("POST", "/api/v1/register", new HashMap<>(Map.of("client", "snapshot-test")), Map.of(), Map.of(), "127.0.0.1");
        req.setUser(db.read(h -> server.stoa.core().users().byId(h, member.userId).orElseThrow()));
        return (ObjectNode) views.register(req);
    }

    private JsonNode events(ObjectNode state) {
        return member.get("/events", "queue_id", state.get("queue_id").asText(), "last_event_id", state.get("last_event_id").asLong(),
                "dont_block", true).success().get("events");
    }

    private static long count(JsonNode events, String type) {
        long n = 0;
        for (JsonNode e : events) if (e.path("type").asText().equals(type)) n++;
        return n;
    }

    @Test
    void aChangeCommittedDuringTheReadIsInTheQueueOnce() {
        long group = createGroup();
        boolean before = server.stoa.realm().get().get("mandatory_topics").asBoolean();
        ObjectNode state = register(List.of(
                hook(() -> {
                    admin.patch("/realm", "mandatory_topics", String.valueOf(!before)).success();
                    owner.post("/user_groups/" + group + "/members", "add", List.of(guest.userId)).success();
                }),
                reader("mandatory_topics", group, guest.userId)));
        assertThat(state.get("t_setting").asBoolean()).as("the state is the snapshot's: the change came after it").isEqualTo(before);
        assertThat(state.get("t_member").asBoolean()).as("not a member yet at the snapshot").isFalse();
        JsonNode events = events(state);
        assertThat(count(events, "realm")).as("the change reaches the client by the queue, once").isEqualTo(1);
        assertThat(count(events, "user_group")).as("the membership too").isEqualTo(1);
    }

    @Test
    void aChangeCommittedBeforeTheSnapshotButNotPublishedHereIsInTheState() {
        // committed through another log (another node's), so this node has not published it when register reads
        Db db = server.stoa.db();
        RealmStore otherNode = new RealmStore(new EventLog(db, Clock.systemUTC()));
        boolean before = server.stoa.realm().get().get("mandatory_topics").asBoolean();
        long group = createGroup();
        server.stoa.realm().get(); // the holder follows what is published now
        db.write(tx -> {
            otherNode.updateSettings(tx, Map.of("mandatory_topics", BooleanNode.valueOf(!before)));
            return null;
        });
        ObjectNode state = register(List.of(reader("mandatory_topics", group, guest.userId)));
        assertThat(state.get("t_setting").asBoolean()).as("committed before the snapshot: in the state").isEqualTo(!before);
        assertThat(count(events(state), "realm")).isZero();
    }
}
