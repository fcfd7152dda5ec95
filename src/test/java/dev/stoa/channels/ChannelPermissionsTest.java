package dev.stoa.channels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The permission matrix: every channel endpoint as owner, administrator, moderator, member,
 * guest, bot, a member who is not subscribed to the private channel ("outsider"), and a
 * deactivated user. The private channel's subscribers are everyone but the outsider.
 */
class ChannelPermissionsTest extends StoaTestBase {
    static final String OK = "ok", DEACTIVATED = "deactivated", INVALID = "Invalid channel ID",
            NO_ADMIN = "You do not have permission to administer this channel.", ORG_ADMIN = "Must be an organization administrator";
    ApiClient outsider, gone;
    long pub, priv;
    int seq;

    @BeforeAll
    void channels() {
        outsider = server.createUser("outsider@example.com", "Out Sider", 400);
        gone = server.createUser("gone@example.com", "Gone User", 400);
        pub = owner.post("/channels/create", "name", "pub", "subscribers", List.of(owner.userId, gone.userId)).success().get("id").asLong();
        priv = owner.post("/channels/create", "name", "priv", "invite_only", true, "subscribers", List.of(owner.userId, admin.userId,
                moderator.userId, member.userId, guest.userId, bot.userId, gone.userId)).success().get("id").asLong();
        owner.delete("/users/" + gone.userId).success();
    }

    Map<String, ApiClient> roles() {
        Map<String, ApiClient> m = new LinkedHashMap<>();
        m.put("owner", owner);
        m.put("admin", admin);
        m.put("moderator", moderator);
        m.put("member", member);
        m.put("guest", guest);
        m.put("bot", bot);
        m.put("outsider", outsider);
        m.put("deactivated", gone);
        return m;
    }

    /** Runs call as each role and checks the outcome: OK, DEACTIVATED (401), or a BAD_REQUEST message. */
    void matrix(Map<String, String> expected, Function<ApiClient, ApiResponse> call) {
        assertThat(expected.keySet()).containsExactlyElementsOf(roles().keySet());
        roles().forEach((role, client) -> {
            ApiResponse r = call.apply(client);
            String want = expected.get(role);
            try {
                if (want.equals(OK)) r.success();
                else if (want.equals(DEACTIVATED)) r.error(401, "USER_DEACTIVATED", "Account is deactivated");
                else if (want.equals(ORG_ADMIN)) r.error(400, "UNAUTHORIZED_PRINCIPAL", ORG_ADMIN);
                else if (want.startsWith("STREAM_DOES_NOT_EXIST")) r.error(400, "STREAM_DOES_NOT_EXIST", null);
                else r.badRequest(want);
            } catch (AssertionError e) {
                throw new AssertionError("as " + role + ": " + e.getMessage(), e);
            }
        });
    }

    static Map<String, String> m(String owner, String admin, String moderator, String member, String guest, String bot, String outsider) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("owner", owner);
        m.put("admin", admin);
        m.put("moderator", moderator);
        m.put("member", member);
        m.put("guest", guest);
        m.put("bot", bot);
        m.put("outsider", outsider);
        m.put("deactivated", DEACTIVATED);
        return m;
    }

    @Test
    void readChannel() {
        matrix(m(OK, OK, OK, OK, OK, OK, INVALID), c -> c.get("/streams/" + priv));
        matrix(m(OK, OK, OK, OK, INVALID, OK, OK), c -> c.get("/streams/" + pub));
        matrix(m(OK, OK, OK, OK, OK, OK, INVALID), c -> c.get("/streams/" + priv + "/members"));
        matrix(m(OK, OK, OK, OK, OK, OK, "Invalid channel name 'priv'"), c -> c.get("/get_stream_id", "stream", "priv"));
        matrix(m(OK, OK, OK, OK, OK, OK, INVALID), c -> c.get("/users/" + owner.userId + "/subscriptions/" + priv));
        matrix(m(OK, OK, OK, OK, OK, OK, INVALID), c -> c.get("/users/me/" + priv + "/topics"));
        matrix(m(OK, OK, OK, OK, OK, OK, OK), c -> c.get("/users/me/subscriptions", "include_subscribers", "true"));
        matrix(m(OK, OK, OK, OK, OK, OK, OK), c -> c.get("/streams", "include_all", true));
        JsonNode streams = outsider.get("/streams", "include_all", true).success().get("streams");
        assertThat(streams.toString()).doesNotContain("\"priv\"");
        JsonNode guestStreams = guest.get("/streams", "include_all", true).success().get("streams");
        assertThat(guestStreams.toString()).doesNotContain("\"pub\"").contains("\"priv\"");
        JsonNode gSubs = guest.get("/users/me/subscriptions", "include_subscribers", "true").success().get("subscriptions");
        assertThat(gSubs.size()).isEqualTo(1);
    }

    @Test
    void updateChannel() {
        matrix(m(OK, OK, NO_ADMIN, NO_ADMIN, INVALID, NO_ADMIN, NO_ADMIN), c -> c.patch("/streams/" + pub, "description", "by " + c.email));
        matrix(m(OK, OK, NO_ADMIN, NO_ADMIN, NO_ADMIN, NO_ADMIN, INVALID), c -> c.patch("/streams/" + priv, "description", "by " + c.email));
        long own = member.post("/channels/create", "name", "members-own", "subscribers", List.of(member.userId)).success().get("id").asLong();
        member.patch("/streams/" + own, "description", "channel administrators may edit").success();
        member.patch("/streams/" + own, "can_administer_channel_group", Map.of("new", 1, "old", 5)).badRequest("'old' value does not match the expected value.");
    }

    @Test
    void archiveChannel() {
        matrix(m(OK, OK, NO_ADMIN, NO_ADMIN, INVALID, NO_ADMIN, NO_ADMIN), c -> c.delete("/streams/" + fresh()));
    }

    long fresh() {
        return owner.post("/channels/create", "name", "fresh-" + (++seq), "subscribers", List.of(owner.userId)).success().get("id").asLong();
    }

    @Test
    void subscribeSelfAndOthers() {
        matrix(m(OK, OK, OK, OK, "Unable to access channel (pub).", OK, OK),
                c -> c.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "pub"))));
        matrix(m(OK, OK, OK, OK, OK, OK, "Unable to access channel (priv)."),
                c -> c.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "priv"))));
        matrix(m(OK, OK, OK, OK, "Unable to access channel (pub).", OK, OK),
                c -> c.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "pub")), "principals", List.of(outsider.userId)));
        JsonNode r = outsider.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "priv")),
                "authorization_errors_fatal", false).success();
        assertThat(r.get("unauthorized").toString()).isEqualTo("[\"priv\"]");
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "pub")), "principals", List.of(gone.userId))
                .badRequest("No such user");
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "pub")), "principals", List.of("nobody@example.com"))
                .badRequest("No such user");
    }

    @Test
    void unsubscribeOthers() {
        ApiClient target = server.createUser("target@example.com", "Tar Get", 400);
        matrix(m(OK, OK, "Insufficient permission", "Insufficient permission", "STREAM_DOES_NOT_EXIST", "Insufficient permission",
                "Insufficient permission"), c -> {
            owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "pub")), "principals", List.of(target.userId)).success();
            return c.delete("/users/me/subscriptions", "subscriptions", List.of("pub"), "principals", List.of(target.userId));
        });
        member.delete("/users/me/subscriptions", "subscriptions", List.of("pub"), "principals", List.of(bot.userId)).success();
        JsonNode r = owner.delete("/users/me/subscriptions", "subscriptions", List.of("pub"), "principals", List.of(bot.userId)).success();
        assertThat(r.get("not_removed").toString()).isEqualTo("[\"pub\"]");
        outsider.delete("/users/me/subscriptions", "subscriptions", List.of("priv")).error(400, "STREAM_DOES_NOT_EXIST", "Channel 'priv' does not exist");
        owner.delete("/users/me/subscriptions", "subscriptions", List.of("nope")).error(400, "STREAM_DOES_NOT_EXIST", "Channel 'nope' does not exist");
        owner.delete("/users/me/subscriptions", "subscriptions", List.of("pub"), "principals", List.of(gone.userId)).badRequest("No such user");
        owner.delete("/users/me/subscriptions", "subscriptions", List.of("pub"), "principals", List.of(424242)).badRequest("No such user");
    }

    @Test
    void ownSubscriptionSettings() {
        matrix(m(OK, OK, OK, OK, OK, OK, INVALID), c -> c.patch("/users/me/subscriptions/" + priv, "property", "pin_to_top", "value", true));
        long f = fresh();
        outsider.patch("/users/me/subscriptions/" + f, "property", "pin_to_top", "value", true).badRequest("Not subscribed to channel ID " + f);
        member.patch("/users/me/subscriptions/" + priv, "property", "color", "value", "red").badRequest("color is not a valid hex color code");
        member.patch("/users/me/subscriptions/" + priv, "property", "pin_to_top", "value", "maybe").badRequest("pin_to_top is not a boolean");
        member.patch("/users/me/subscriptions/" + priv, "property", "volume", "value", true).badRequest("Unknown subscription property: volume");
        matrix(m(OK, OK, OK, OK, OK, OK, INVALID), c -> c.post("/users/me/subscriptions/properties", "subscription_data",
                List.of(Map.of("stream_id", priv, "property", "is_muted", "value", false))));
    }

    @Test
    void realmConfiguration() {
        matrix(m(OK, OK, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN), c -> c.post("/default_streams", "stream_id", pub));
        matrix(m(OK, OK, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN), c -> c.delete("/default_streams", "stream_id", pub));
        owner.post("/default_streams", "stream_id", priv).badRequest("Private channels cannot be made default.");
        owner.post("/default_streams", "stream_id", 99999).badRequest(INVALID);
        matrix(m(OK, OK, OK, OK, OK, OK, OK), c -> c.get("/default_streams"));
        matrix(m(OK, OK, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN, ORG_ADMIN),
                c -> c.post("/channel_folders/create", "name", "folder " + (++seq)));
        matrix(m(OK, OK, OK, OK, OK, OK, OK), c -> c.get("/channel_folders"));
        owner.post("/channel_folders/create", "name", "folder 1").badRequest("Channel folder name already in use");
        owner.patch("/channel_folders/9999", "name", "x").badRequest("Invalid channel folder ID");
    }

    @Test
    void createChannel() {
        matrix(m(OK, OK, OK, OK, "Insufficient permission", OK, OK),
                c -> c.post("/channels/create", "name", "made-" + (++seq), "subscribers", List.of(c.userId)));
    }
}
