package dev.stoa.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * can_access_all_users_group = role:members: the guest sees itself, bots, people it shares a
 * channel with and its direct-message partners; everyone else is an "Unknown user" (or absent for
 * user_list_incomplete clients), in lists, single lookups, presence and events.
 */
class UserAccessTest extends StoaTestBase {
    private ApiClient stranger;

    @BeforeEach
    void restrict() {
        owner.patch("/realm", "can_access_all_users_group", Map.of("new", groupId("role:members"))).success();
        stranger = server.createUser("stranger" + System.nanoTime() + "@example.com", "Stranger", 400);
    }

    private void share(String channel, ApiClient... users) {
        List<Long> ids = new ArrayList<>();
        for (ApiClient u : users) ids.add(u.userId);
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", channel)), "principals", ids).success();
    }

    /** Register parameters: only these event types, in state and in the queue. */
    private static Object[] only(boolean incomplete, String... types) {
        return new Object[] {"event_types", List.of(types), "fetch_event_types", List.of(types),
                "client_capabilities", Map.of("user_list_incomplete", incomplete, "simplified_presence_events", true)};
    }

    private static JsonNode byId(JsonNode users, long id) {
        for (JsonNode u : users) if (u.get("user_id").asLong() == id) return u;
        return null;
    }

    @Test
    void listsShowUnknownUsersAndLookupsRefuse() {
        share("guest-room", guest, member);
        JsonNode members = guest.get("/users").success().get("members");
        assertThat(byId(members, member.userId).get("full_name").asText()).isEqualTo("Hamlet Member");
        assertThat(byId(members, bot.userId).get("is_bot").asBoolean()).isTrue();
        assertThat(byId(members, guest.userId).get("full_name").asText()).isEqualTo("Polonius Guest");
        JsonNode unknown = byId(members, stranger.userId);
        assertThat(unknown.get("full_name").asText()).isEqualTo("Unknown user");
        assertThat(unknown.get("email").asText()).isEqualTo("user" + stranger.userId + "@127.0.0.1");
        assertThat(unknown.get("delivery_email").isNull()).isTrue();
        assertThat(unknown.get("date_joined").asText()).isEqualTo("1970-01-01T00:00:00+00:00");
        assertThat(byId(member.get("/users").success().get("members"), stranger.userId).get("full_name").asText()).isEqualTo("Stranger");

        guest.get("/users/" + stranger.userId).badRequest("Insufficient permission");
        assertThat(guest.get("/users/" + member.userId).success().get("user").get("full_name").asText()).isEqualTo("Hamlet Member");
        assertThat(member.get("/users/" + stranger.userId).success().get("user").get("full_name").asText()).isEqualTo("Stranger");

        JsonNode full = guest.post("/register", "fetch_event_types", List.of("realm_user")).success().get("realm_users");
        assertThat(byId(full, stranger.userId).get("full_name").asText()).isEqualTo("Unknown user");
        JsonNode incomplete = guest.post("/register", "fetch_event_types", List.of("realm_user"),
                "client_capabilities", Map.of("user_list_incomplete", true)).success().get("realm_users");
        assertThat(byId(incomplete, stranger.userId)).isNull();
        assertThat(byId(incomplete, member.userId)).isNotNull();

        // Everyone may see everyone again once the setting is role:everyone.
        owner.patch("/realm", "can_access_all_users_group", Map.of("new", groupId("role:everyone"))).success();
        assertThat(guest.get("/users/" + stranger.userId).success().get("user").get("full_name").asText()).isEqualTo("Stranger");
    }

    @Test
    void directMessagesLinkAndGuestsCannotStartThem() {
        guest.post("/messages", "type", "direct", "to", List.of(stranger.userId), "content", "hi")
                .badRequest("You do not have permission to access some of the recipients.");
        // the sender becomes accessible first, then the message arrives (Zulip's test_user_creation_events_on_sending_messages)
        List<JsonNode> events = VerifyAction.as(guest).register("event_types", List.of("realm_user", "message"),
                "fetch_event_types", List.of("realm_user", "message")).events("realm_user/add", "message")
                .run(() -> stranger.post("/messages", "type", "direct", "to", List.of(guest.userId), "content", "hello guest").success());
        assertThat(events.getFirst().get("person").get("full_name").asText()).isEqualTo("Stranger");
        assertThat(guest.get("/users/" + stranger.userId).success().get("user").get("full_name").asText()).isEqualTo("Stranger");
        guest.post("/messages", "type", "direct", "to", List.of(stranger.userId), "content", "hi back").success();
    }

    @Test
    void subscribingAndUnsubscribingChangesWhatTheGuestSees() {
        Object[] incomplete = only(true, "realm_user");
        List<JsonNode> gained = VerifyAction.as(guest).register(incomplete).events("realm_user/add").run(() -> share("shared", guest, stranger));
        assertThat(gained.getFirst().get("person").get("user_id").asLong()).isEqualTo(stranger.userId);
        List<JsonNode> lost = VerifyAction.as(guest).register(incomplete).events("realm_user/remove").run(() -> owner.delete("/users/me/subscriptions",
                "subscriptions", List.of("shared"), "principals", List.of(stranger.userId)).success());
        assertThat(lost.getFirst().get("person").get("user_id").asLong()).isEqualTo(stranger.userId);
    }

    @Test
    void eventsAboutHiddenUsersDoNotReachTheGuest() {
        // the guest hears only that the stranger left its role groups (zulip.yaml: group events on deactivation go
        // exactly to those who cannot access the user), nothing of the rename or the time zone
        VerifyAction.as(guest).events("user_group/remove_members", "user_group/remove_members").run(() -> {
            owner.patch("/users/" + stranger.userId, "full_name", "Renamed Stranger").success();
            stranger.patch("/settings", "timezone", "Europe/Paris").success();
            owner.delete("/users/" + stranger.userId).success();
        });
        List<JsonNode> seen = VerifyAction.as(member).events("user_group/add_members", "user_group/add_members", "realm_user/update")
                .run(() -> owner.post("/users/" + stranger.userId + "/reactivate").success());
        assertThat(seen.getLast().get("person").get("is_active").asBoolean()).isTrue();
        share("lobby", guest, stranger);
        List<JsonNode> visible = VerifyAction.as(guest).events("realm_user/update")
                .run(() -> owner.patch("/users/" + stranger.userId, "full_name", "Seen Stranger").success());
        assertThat(visible.getFirst().get("person").get("full_name").asText()).isEqualTo("Seen Stranger");
    }

    @Test
    void newUsersArriveAsUnknownUnlessTheClientCopesWithout() {
        List<JsonNode> plain = VerifyAction.as(guest).register(only(false, "realm_user")).events("realm_user/add")
                .run(() -> server.createUser("newcomer1@example.com", "Newcomer One", 400));
        assertThat(plain.getFirst().get("person").get("full_name").asText()).isEqualTo("Unknown user");
        VerifyAction.as(guest).register(only(true, "realm_user")).events(0).noStateChange()
                .run(() -> server.createUser("newcomer2@example.com", "Newcomer Two", 400));
        // createUser also logs the newcomer in, which sets date_joined (feature level 475): an update follows the add.
        List<JsonNode> forMember = VerifyAction.as(member).register(only(false, "realm_user")).events("realm_user/add", "realm_user/update")
                .run(() -> server.createUser("newcomer3@example.com", "Newcomer Three", 400));
        assertThat(forMember.getFirst().get("person").get("full_name").asText()).isEqualTo("Newcomer Three");
    }

    @Test
    void roleChangesOpenAndCloseTheView() {
        ApiClient g2 = server.createUser("guest2@example.com", "Second Guest", 600);
        // A public channel the guest cannot see until it is a member: stream create, then stream delete.
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "members-only view"))).success();
        // the role and its groups (3 group events), every user the guest could not see (8), and each channel now
        // visible with its subscribers (3 channels; Zulip sends one stream/create for all of them)
        List<JsonNode> opened = VerifyAction.as(g2).events(18).run(() -> owner.patch("/users/" + g2.userId, "role", 400).success());
        assertThat(opened).anySatisfy(e -> assertThat(e.path("person").path("full_name").asText()).isEqualTo("Stranger"));
        Object[] incomplete = new Object[] {"client_capabilities", Map.of("user_list_incomplete", true)};
        List<JsonNode> closed = VerifyAction.as(g2).register(incomplete).events(15).run(() -> owner.patch("/users/" + g2.userId, "role", 600).success());
        assertThat(closed).anySatisfy(e -> {
            assertThat(e.get("op").asText()).isEqualTo("remove");
            assertThat(e.get("person").get("user_id").asLong()).isEqualTo(stranger.userId);
        });
        // A client that keeps a complete list learns the lost user as "Unknown user" instead.
        owner.patch("/users/" + g2.userId, "role", 400).success();
        List<JsonNode> replaced = VerifyAction.as(g2).events(15).run(() -> owner.patch("/users/" + g2.userId, "role", 600).success());
        assertThat(replaced).anySatisfy(e -> {
            assertThat(e.get("op").asText()).isEqualTo("add");
            assertThat(e.get("person").get("full_name").asText()).isEqualTo("Unknown user");
        });
    }

    @Test
    void presenceIsLimitedToVisibleUsers() {
        share("presence-room", guest, member);
        Object[] slim = {"event_types", List.of("presence"), "fetch_event_types", List.of("presence"), "slim_presence", true,
                "client_capabilities", Map.of("simplified_presence_events", true)};
        VerifyAction.as(guest).register(slim).events(0).noStateChange().run(() -> stranger.post("/users/me/presence", "status", "active").success());
        VerifyAction.as(guest).register(slim).events("presence").run(() -> member.post("/users/me/presence", "status", "active").success());
        JsonNode seen = guest.post("/users/me/presence", "status", "active", "slim_presence", true).success().get("presences");
        assertThat(seen.has(String.valueOf(member.userId))).isTrue();
        assertThat(seen.has(String.valueOf(stranger.userId))).isFalse();
        assertThat(guest.get("/realm/presence").success().get("presences").has(stranger.email)).isFalse();
        assertThat(admin.get("/realm/presence").success().get("presences").has(stranger.email)).isTrue();
        JsonNode reg = guest.post("/register", "fetch_event_types", List.of("presence"), "slim_presence", true).success();
        assertThat(reg.get("presences").has(String.valueOf(stranger.userId))).isFalse();
        guest.get("/users/" + stranger.userId + "/presence").badRequest("Insufficient permission");
        assertThat(guest.get("/users/" + member.userId + "/presence").success().get("presence").has("aggregated")).isTrue();
    }
}
