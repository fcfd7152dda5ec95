package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** PATCH /streams/{id} rules, GET /streams filters, subscription listings, and bad input answered without a 500. */
class ChannelUpdateTest extends StoaTestBase {
    long create(String name, Object... more) {
        Object[] kv = new Object[4 + more.length];
        kv[0] = "name";
        kv[1] = name;
        kv[2] = "subscribers";
        kv[3] = List.of(owner.userId, member.userId);
        System.arraycopy(more, 0, kv, 4, more.length);
        return owner.post("/channels/create", kv).success().get("id").asLong();
    }

    JsonNode stream(long id) {
        return owner.get("/streams/" + id).success().get("stream");
    }

    @Test
    void patchRules() {
        long id = create("rules");
        long other = create("rules-other");
        owner.patch("/streams/" + id, "new_name", "RULES-OTHER").badRequest("Channel 'RULES-OTHER' already exists");
        owner.patch("/streams/" + id, "new_name", "Rules").success();
        assertThat(stream(id).get("name").asText()).isEqualTo("Rules");
        owner.patch("/streams/" + id, "new_name", "").badRequest("Channel name can't be empty.");
        owner.patch("/streams/" + id, "description", "d".repeat(1025)).badRequest("description is too long (limit: 1024 characters)");
        owner.patch("/streams/" + id, "history_public_to_subscribers", false).badRequest("Invalid parameters");
        owner.patch("/streams/" + id, "is_private", true, "is_web_public", true).badRequest("Invalid parameters");
        owner.patch("/streams/" + id, "is_web_public", true).badRequest("Web-public channels are not enabled.");
        owner.patch("/streams/" + id, "is_archived", true).badRequest("Invalid parameters");
        owner.patch("/streams/" + id, "folder_id", 4242).badRequest("Invalid channel folder ID");
        owner.patch("/streams/" + id, "can_remove_subscribers_group", 5).badRequest("Invalid can_remove_subscribers_group");
        owner.patch("/streams/" + id, "can_remove_subscribers_group", Map.of("new", 98765)).badRequest("Invalid user group");
        owner.patch("/streams/" + id, "can_remove_subscribers_group", Map.of("new", Map.of("direct_members", List.of(77777))))
                .badRequest("Invalid user ID: 77777");
        member.patch("/streams/" + id, "message_retention_days", "5").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        owner.patch("/streams/" + id, "is_private", true, "history_public_to_subscribers", false).success();
        JsonNode s = stream(id);
        assertThat(s.get("invite_only").asBoolean()).isTrue();
        assertThat(s.get("history_public_to_subscribers").asBoolean()).isFalse();
        owner.patch("/streams/" + other, "is_default_stream", true).success();
        owner.patch("/streams/" + other, "is_private", true).badRequest("A default channel cannot be private.");
        owner.patch("/streams/99999", "description", "x").badRequest("Invalid channel ID");
        owner.patch("/streams/abc", "description", "x").badRequest("Invalid stream_id");
    }

    @Test
    void privateChannelPermissionsNeedContentAccess() {
        long id = member.post("/channels/create", "name", "members-only", "subscribers", List.of(member.userId), "invite_only", true)
                .success().get("id").asLong();
        admin.patch("/streams/" + id, "description", "admins may edit metadata").success();
        admin.patch("/streams/" + id, "is_private", false).badRequest("Channel content access is required.");
        member.patch("/streams/" + id, "is_private", false).success();
    }

    @Test
    void groupSettingsUpdateStyle() {
        long id = create("groups");
        long admins = stream(id).get("can_remove_subscribers_group").asLong();
        owner.patch("/streams/" + id, "can_remove_subscribers_group", Map.of("new", Map.of("direct_members", List.of(member.userId),
                "direct_subgroups", List.of()), "old", admins)).success();
        JsonNode v = stream(id).get("can_remove_subscribers_group");
        assertThat(v.get("direct_members").toString()).isEqualTo("[" + member.userId + "]");
        owner.patch("/streams/" + id, "can_remove_subscribers_group", Map.of("new", admins, "old", admins))
                .badRequest("'old' value does not match the expected value.");
        // the member now may remove others from the channel
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "groups")), "principals", List.of(moderator.userId)).success();
        member.delete("/users/me/subscriptions", "subscriptions", List.of("groups"), "principals", List.of(moderator.userId)).success();
    }

    @Test
    void streamsFilters() {
        long pub = create("filters-pub");
        long priv = create("filters-priv", "invite_only", true);
        long archived = create("filters-archived");
        owner.delete("/streams/" + archived).success();
        owner.post("/default_streams", "stream_id", pub).success();
        assertThat(names(member.get("/streams").success())).contains("filters-pub", "filters-priv").doesNotContain("filters-archived");
        assertThat(names(member.get("/streams", "exclude_archived", false).success())).contains("filters-archived");
        assertThat(names(moderator.get("/streams", "include_subscribed", false).success())).contains("filters-pub").doesNotContain("filters-priv");
        assertThat(names(moderator.get("/streams", "include_public", false).success())).doesNotContain("filters-pub");
        JsonNode defaults = moderator.get("/streams", "include_public", false, "include_default", true).success();
        assertThat(names(defaults)).containsExactly("filters-pub");
        assertThat(defaults.get("streams").get(0).get("is_default").asBoolean()).isTrue();
        assertThat(names(admin.get("/streams", "include_all", true).success())).contains("filters-priv");
        member.get("/streams", "include_all_active", true).badRequest("User not authorized for this query");
        JsonNode ds = member.get("/default_streams").success().get("default_streams");
        assertThat(ds.size()).isEqualTo(1);
        assertThat(ds.get(0).get("name").asText()).isEqualTo("filters-pub");
        assertThat(priv).isPositive();
    }

    static List<String> names(JsonNode r) {
        return StreamSupport.stream(r.get("streams").spliterator(), false).map(s -> s.get("name").asText()).toList();
    }

    @Test
    void subscriptionListings() {
        long id = create("listing");
        JsonNode plain = member.get("/users/me/subscriptions").success().get("subscriptions");
        assertThat(plain.get(0).has("subscribers")).isFalse();
        JsonNode partial = member.get("/users/me/subscriptions", "include_subscribers", "partial").success().get("subscriptions");
        assertThat(partial.get(0).get("subscribers").size()).isEqualTo(2);
        member.get("/users/me/subscriptions", "include_subscribers", "sometimes").badRequest("Invalid include_subscribers");
        assertThat(member.get("/users/" + owner.userId + "/subscriptions/" + id).success().get("is_subscribed").asBoolean()).isTrue();
        assertThat(member.get("/users/" + guest.userId + "/subscriptions/" + id).success().get("is_subscribed").asBoolean()).isFalse();
        member.get("/users/99999/subscriptions/" + id).badRequest("No such user");
        assertThat(member.get("/users/me/" + id + "/topics").success().get("topics").size()).isZero();
        JsonNode reg = member.post("/register", "include_subscribers", "partial").success();
        assertThat(reg.get("subscriptions").get(0).get("subscribers").size()).isEqualTo(2);
        assertThat(reg.get("realm_default_streams").isArray()).isTrue();
        assertThat(reg.get("channel_folders").isArray()).isTrue();
    }

    @Test
    void junkInputNeverFails500() {
        long id = create("junk");
        String[] junk = {"", "null", "[]", "{}", "-1", "1e99", "\"x\"", "[1,\"a\"]", "{\"new\":{}}", "{\"new\":[1]}", "\u0000", "9999999999999999999999"};
        for (String j : junk) {
            for (String p : List.of("subscribers", "principals", "subscriptions", "can_add_subscribers_group", "message_retention_days",
                    "folder_id", "topics_policy", "invite_only")) {
                assertThat(owner.post("/channels/create", "name", "junk-" + p.length(), p, j).status()).isLessThan(500);
                assertThat(owner.patch("/streams/" + id, p.equals("invite_only") ? "is_private" : p, j).status()).isLessThan(500);
                assertThat(owner.post("/users/me/subscriptions", "subscriptions", p.equals("subscriptions") ? j : "[{\"name\":\"junk2\"}]",
                        p, j).status()).isLessThan(500);
                assertThat(owner.delete("/users/me/subscriptions", "subscriptions", j, "principals", j).status()).isLessThan(500);
                assertThat(owner.post("/users/me/subscriptions/properties", "subscription_data", j).status()).isLessThan(500);
                assertThat(owner.patch("/users/me/subscriptions/" + id, "property", p, "value", j).status()).isLessThan(500);
            }
        }
        owner.post("/users/me/subscriptions/properties", "subscription_data", List.of(Map.of("stream_id", id, "property", "color")))
                .badRequest("Missing 'value' argument");
    }
}
