package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * register's channel dicts come from ChannelDicts' serialized pieces and realm_user_groups from
 * GroupDicts: after every kind of channel, subscription and group change, and as the clock moves
 * (is_recently_active, stream_weekly_traffic), they are exactly what ChannelJson builds from the
 * database and what GET /user_groups lists (the uncached builders), in the very next register.
 */
class ChannelDictsTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c, clock);
    }

    @Test
    void registersChannelsAndGroupsEqualTheUncachedBuildersAfterEveryChange() {
        long shared = owner.post("/channels/create", "name", "dicts shared", "subscribers", List.of(owner.userId, member.userId))
                .success().get("id").asLong();
        long secret = owner.post("/channels/create", "name", "dicts secret", "subscribers", List.of(owner.userId), "invite_only", true)
                .success().get("id").asLong();
        long other = admin.post("/channels/create", "name", "dicts other", "subscribers", List.of(admin.userId)).success().get("id").asLong();
        check("start");

        owner.patch("/streams/" + shared, "new_name", "dicts renamed", "description", "now **bold**").success();
        check("rename and description");
        owner.patch("/streams/" + secret, "is_private", false).success();
        check("made public");
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "dicts other")), "principals", List.of(member.userId)).success();
        check("subscribed");
        member.delete("/users/me/subscriptions", "subscriptions", List.of("dicts other")).success();
        check("unsubscribed");
        owner.post("/default_streams", "stream_id", other).success();
        check("default channel");
        member.post("/messages", "type", "stream", "to", String.valueOf(shared), "topic", "t", "content", "first").success();
        check("first message");
        owner.patch("/streams/" + other, "can_send_message_group", Map.of("new", groupId("role:administrators"))).success();
        check("group setting");
        long team = owner.post("/user_groups/create", "name", "dicts team", "description", "d", "members", List.of(member.userId)).success()
                .get("group_id").asLong();
        check("group created");
        owner.post("/user_groups/" + team + "/members", "add", List.of(admin.userId)).success();
        check("group members");
        ApiClient leaving = server.createUser("dicts-leaving@example.com", "Leaving", 400);
        owner.post("/user_groups/" + team + "/members", "add", List.of(leaving.userId)).success();
        admin.delete("/users/" + leaving.userId).success();
        check("member deactivated");
        owner.post("/user_groups/" + team + "/deactivate").success();
        check("group deactivated");
        clock.advance(Duration.ofDays(8)); // old enough for stream_weekly_traffic: no cache change, only the clock
        server.stoa.collector().runOnce();
        check("a week later");
        owner.delete("/streams/" + other).success();
        check("archived");
        clock.advance(Duration.ofDays(200)); // no longer recently active
        server.stoa.collector().runOnce();
        check("200 days later");
    }

    /** Every viewer's register against the uncached builders. */
    private void check(String after) {
        for (ApiClient viewer : List.of(owner, member, guest)) {
            for (boolean archived : new boolean[] {false, true}) {
                JsonNode state = viewer.post("/register", "fetch_event_types", List.of("subscription", "stream", "realm_user_groups"),
                        "client_capabilities", Map.of("archived_channels", archived, "include_deactivated_groups", archived)).success();
                String what = after + ": viewer " + viewer.email + ", archived " + archived;
                for (String key : List.of("streams", "never_subscribed")) {
                    for (JsonNode d : state.get(key)) assertThat(Json.write(d)).as(what + ", " + key).isEqualTo(Json.write(uncached(d)));
                }
                for (String key : List.of("subscriptions", "unsubscribed")) {
                    for (JsonNode d : state.get(key)) {
                        ObjectNode expected = uncached(d);
                        for (var f : expected.properties()) {
                            assertThat(Json.write(d.get(f.getKey()))).as(what + ", " + key + "." + f.getKey()).isEqualTo(Json.write(f.getValue()));
                        }
                    }
                }
                // the same for every viewer (a guest may not list groups)
                JsonNode groups = owner.get("/user_groups", "include_deactivated_groups", archived).success().get("user_groups");
                assertThat(Json.write(state.get("realm_user_groups"))).as(what + ", groups").isEqualTo(Json.write(groups));
            }
        }
    }

    /** The channel's BasicChannel dict as ChannelJson builds it from the database now, on the server's clock and activity figures. */
    private ObjectNode uncached(JsonNode dict) {
        long id = dict.get("stream_id").asLong();
        var core = server.stoa.core();
        ChannelActivity activity = new ChannelActivity(core.db(), core.channels(), clock);
        activity.refreshDaily();
        ChannelJson json = new ChannelJson(clock, core.realm(), activity, core.renderer());
        return core.db().read(h -> json.stream(core.channels().byId(h, id).orElseThrow(), core.subscriptions().counts(h).getOrDefault(id, 0)));
    }
}
