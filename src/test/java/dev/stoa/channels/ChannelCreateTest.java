package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /channels/create and channel creation through POST /users/me/subscriptions. */
class ChannelCreateTest extends StoaTestBase {
    static long create(ApiClient as, String name, Object... more) {
        Object[] kv = new Object[4 + more.length];
        kv[0] = "name";
        kv[1] = name;
        kv[2] = "subscribers";
        kv[3] = List.of(as.userId);
        System.arraycopy(more, 0, kv, 4, more.length);
        return as.post("/channels/create", kv).success().get("id").asLong();
    }

    @Test
    void createReturnsEveryChannelField() {
        long id = member.post("/channels/create", "name", "design", "description", "Pixels & <b>", "subscribers",
                List.of(member.userId, admin.userId)).success().get("id").asLong();
        JsonNode s = member.get("/streams/" + id).success().get("stream");
        assertThat(s.get("name").asText()).isEqualTo("design");
        assertThat(s.get("creator_id").asLong()).isEqualTo(member.userId);
        assertThat(s.get("invite_only").asBoolean()).isFalse();
        assertThat(s.get("history_public_to_subscribers").asBoolean()).isTrue();
        assertThat(s.get("topics_policy").asText()).isEqualTo("inherit");
        assertThat(s.get("stream_weekly_traffic").isNull()).isTrue();
        assertThat(s.get("first_message_id").isNull()).isTrue();
        assertThat(s.get("is_recently_active").asBoolean()).isTrue();
        assertThat(s.get("folder_id").isNull()).isTrue();
        assertThat(s.get("rendered_description").asText()).isEqualTo("<p>Pixels &amp; &lt;b&gt;</p>");
        assertThat(s.get("can_administer_channel_group").get("direct_members").get(0).asLong()).isEqualTo(member.userId);
        JsonNode subs = admin.get("/users/me/subscriptions", "include_subscribers", "true").success().get("subscriptions");
        JsonNode mine = find(subs, id);
        assertThat(mine.get("subscribers").toString()).isEqualTo("[" + Math.min(member.userId, admin.userId) + ","
                + Math.max(member.userId, admin.userId) + "]");
        assertThat(mine.get("desktop_notifications").isNull()).isTrue();
        assertThat(mine.get("color").asText()).startsWith("#");
    }

    static final List<String> CHANNEL_FIELDS = List.of("stream_id", "name", "description", "rendered_description", "date_created",
            "creator_id", "invite_only", "is_web_public", "stream_post_policy", "is_announcement_only", "message_retention_days",
            "history_public_to_subscribers", "first_message_id", "folder_id", "topics_policy", "is_archived", "is_recently_active",
            "stream_weekly_traffic", "can_add_subscribers_group", "can_administer_channel_group", "can_create_topic_group",
            "can_delete_any_message_group", "can_delete_own_message_group", "can_move_messages_out_of_channel_group",
            "can_move_messages_within_channel_group", "can_remove_subscribers_group", "can_send_message_group", "can_subscribe_group");
    static final List<String> SUBSCRIPTION_FIELDS = List.of("color", "is_muted", "in_home_view", "pin_to_top", "desktop_notifications",
            "audible_notifications", "push_notifications", "email_notifications", "wildcard_mentions_notify");

    /** The contract only adds the seed's newer fields as optional (Zulip's own examples lack them); here they are required. */
    @Test
    void everySeedFieldIsPresent() {
        long id = create(member, "all-fields");
        assertThat(fields(member.get("/streams/" + id).success().get("stream"))).containsAll(CHANNEL_FIELDS);
        assertThat(fields(find(member.get("/streams").success().get("streams"), id))).containsAll(CHANNEL_FIELDS);
        JsonNode sub = find(member.get("/users/me/subscriptions").success().get("subscriptions"), id);
        assertThat(fields(sub)).containsAll(CHANNEL_FIELDS).containsAll(SUBSCRIPTION_FIELDS);
        JsonNode reg = moderator.post("/register").success();
        assertThat(fields(find(reg.get("never_subscribed"), id))).containsAll(CHANNEL_FIELDS);
        assertThat(fields(find(reg.get("streams"), id))).containsAll(CHANNEL_FIELDS);
    }

    static List<String> fields(JsonNode o) {
        List<String> out = new ArrayList<>();
        o.fieldNames().forEachRemaining(out::add);
        return out;
    }

    static JsonNode find(JsonNode list, long id) {
        for (JsonNode s : list) if (s.get("stream_id").asLong() == id) return s;
        return null;
    }

    @Test
    void duplicateAndInvalidNames() {
        create(member, "dup");
        member.post("/channels/create", "name", "DUP", "subscribers", List.of()).badRequest("Channel 'DUP' already exists");
        member.post("/channels/create", "name", "  ", "subscribers", List.of()).badRequest("Channel name can't be empty.");
        member.post("/channels/create", "name", "x".repeat(61), "subscribers", List.of()).badRequest("Channel name too long (limit: 60 characters).");
        member.post("/channels/create", "name", "a\u0000b", "subscribers", List.of()).badRequest("Invalid character in channel name, at position 2.");
        member.post("/channels/create", "name", "nosubs").missing("subscribers");
        member.post("/channels/create", "name", "baduser", "subscribers", List.of(99999)).badRequest("Invalid user ID: 99999");
        member.post("/channels/create", "name", "badretention", "subscribers", List.of(), "message_retention_days", "30")
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        owner.post("/channels/create", "name", "badretention", "subscribers", List.of(), "message_retention_days", "abc")
                .badRequest("Bad value for 'message_retention_days': abc");
        member.post("/channels/create", "name", "badpolicy", "subscribers", List.of(), "topics_policy", "sometimes").badRequest("Invalid topics_policy");
        member.post("/channels/create", "name", "badgroup", "subscribers", List.of(), "can_add_subscribers_group", 987654).badRequest("Invalid user group");
        member.post("/channels/create", "name", "webpub", "subscribers", List.of(), "is_web_public", true)
                .badRequest("Web-public channels are not enabled.");
        member.post("/channels/create", "name", "both", "subscribers", List.of(), "is_web_public", true, "invite_only", true)
                .badRequest("Invalid parameters");
    }

    @Test
    void retentionAndPolicies() {
        long id = owner.post("/channels/create", "name", "kept", "subscribers", List.of(), "message_retention_days", "unlimited",
                "topics_policy", "disable_empty_topic").success().get("id").asLong();
        JsonNode s = owner.get("/streams/" + id).success().get("stream");
        assertThat(s.get("message_retention_days").asInt()).isEqualTo(-1);
        assertThat(s.get("topics_policy").asText()).isEqualTo("disable_empty_topic");
        long id2 = owner.post("/channels/create", "name", "kept2", "subscribers", List.of(), "message_retention_days", "30")
                .success().get("id").asLong();
        assertThat(owner.get("/streams/" + id2).success().get("stream").get("message_retention_days").asInt()).isEqualTo(30);
    }

    @Test
    void privateChannelWithProtectedHistory() {
        long id = member.post("/channels/create", "name", "secret-plans", "subscribers", List.of(member.userId), "invite_only", true)
                .success().get("id").asLong();
        JsonNode s = member.get("/streams/" + id).success().get("stream");
        assertThat(s.get("invite_only").asBoolean()).isTrue();
        assertThat(s.get("history_public_to_subscribers").asBoolean()).isFalse();
        moderator.get("/streams/" + id).badRequest("Invalid channel ID");
        moderator.get("/get_stream_id", "stream", "secret-plans").badRequest("Invalid channel name 'secret-plans'");
        assertThat(admin.get("/streams/" + id).success().get("stream").get("name").asText()).isEqualTo("secret-plans");
        long everyone = groupId("role:everyone");
        long members = groupId("role:members");
        member.post("/channels/create", "name", "secret-2", "subscribers", List.of(), "invite_only", true,
                "can_create_topic_group", members).badRequest("Invalid parameters");
        member.post("/channels/create", "name", "secret-2", "subscribers", List.of(), "invite_only", true,
                "history_public_to_subscribers", true, "can_create_topic_group", members).success();
        assertThat(everyone).isPositive();
    }

    @Test
    void guestsAndBotsCreating() {
        guest.post("/channels/create", "name", "guestland", "subscribers", List.of()).badRequest("Insufficient permission");
        guest.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "guestland"))).badRequest("Insufficient permission");
        long id = create(bot, "botland");
        assertThat(bot.get("/streams/" + id).success().get("stream").get("creator_id").asLong()).isEqualTo(bot.userId);
    }

    @Test
    void createOnTheFlyThroughSubscribe() {
        JsonNode r = member.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "fly", "description", "d")),
                "principals", List.of(member.userId, moderator.userId)).success();
        assertThat(r.get("subscribed").get(String.valueOf(member.userId)).toString()).isEqualTo("[\"fly\"]");
        assertThat(r.get("subscribed").get(String.valueOf(moderator.userId)).toString()).isEqualTo("[\"fly\"]");
        JsonNode again = member.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "fly"))).success();
        assertThat(again.get("already_subscribed").get(String.valueOf(member.userId)).toString()).isEqualTo("[\"fly\"]");
    }

    @Test
    void announceTellsTheAnnouncementsChannel() {
        long announcements = admin.post("/channels/create", "name", "announcements", "subscribers", List.of(member.userId)).success().get("id").asLong();
        owner.patch("/realm", "new_stream_announcements_stream_id", String.valueOf(announcements)).success();
        admin.post("/channels/create", "name", "fresh-and-public", "subscribers", List.of(admin.userId), "announce", true).success();
        admin.post("/channels/create", "name", "fresh-and-secret", "subscribers", List.of(admin.userId), "announce", true,
                "invite_only", true).success();
        var got = member.get("/messages", "anchor", "newest", "num_before", "10", "num_after", "0",
                "narrow", "[[\"channel\",\"announcements\"]]", "apply_markdown", "false").success().get("messages");
        Assertions.assertThat(got).hasSize(1);
        Assertions.assertThat(got.get(0).get("subject").asText()).isEqualTo("new channels");
        Assertions.assertThat(got.get(0).get("content").asText()).contains("#**fresh-and-public**").doesNotContain("secret");
    }

    @Test
    void descriptionsAreRenderedMarkdown() {
        long id = admin.post("/channels/create", "name", "rendered-desc", "description", "**Bold** and `code`",
                "subscribers", List.of(admin.userId)).success().get("id").asLong();
        var stream = admin.get("/streams/" + id).success().get("stream");
        Assertions.assertThat(stream.get("rendered_description").asText())
                .isEqualTo("<p><strong>Bold</strong> and <code>code</code></p>");
    }
}
