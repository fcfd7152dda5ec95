package dev.stoa.clients;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * zulip-terminal's start-up, as its Model does it (issue 14): one POST /register with its
 * event_types and the legacy fetch_event_types it asks for (muted_topics, update_display_settings,
 * update_global_notifications, ...), client_gravatar, apply_markdown and include_subscribers;
 * GET /messages with anchor=0 and use_first_unread_anchor; then a poll. Every key the client
 * reads unconditionally must be there (it crashed at start on muted_topics before).
 */
class ZulipTerminalStartupTest extends StoaTestBase {
    /** zulipterminal/model.py: the events it handles and the initial data it fetches. */
    static final List<String> EVENT_TYPES = List.of("message", "update_message", "reaction", "subscription", "typing",
            "update_message_flags", "update_global_notifications", "update_display_settings", "user_settings", "realm_emoji");
    static final List<String> FETCH_TYPES = List.of("realm", "presence", "subscription", "message", "starred_messages",
            "update_message_flags", "muted_topics", "realm_user", "realm_user_groups", "update_global_notifications",
            "update_display_settings", "user_settings", "realm_emoji", "zulip_version");
    long channel;
    ApiClient terminal;

    @BeforeAll
    void setUp() {
        terminal = server.createUser("terminal@example.com", "Terminal User", 400);
        channel = owner.post("/channels/create", "name", "terminal room", "subscribers", List.of(owner.userId, terminal.userId))
                .success().get("id").asLong();
        owner.post("/messages", "type", "stream", "to", "terminal room", "topic", "lunch", "content", "first").success();
        terminal.patch("/users/me/subscriptions/muted_topics", "stream", "terminal room", "topic", "noise", "op", "add").success();
    }

    private JsonNode register() {
        return terminal.post("/register", "event_types", EVENT_TYPES, "fetch_event_types", FETCH_TYPES,
                "client_gravatar", true, "apply_markdown", true, "include_subscribers", true).success();
    }

    @Test
    void startUpSequenceHasEveryKeyTheClientReads() {
        JsonNode reg = register();
        for (String key : List.of("zulip_version", "zulip_feature_level", "queue_id", "last_event_id", "max_message_id",
                "realm_users", "cross_realm_bots", "subscriptions", "muted_topics", "realm_user_groups", "unread_msgs",
                "realm_emoji", "user_settings", "twenty_four_hour_time", "pm_content_in_desktop_notifications",
                "realm_message_retention_days", "presences", "starred_messages", "max_stream_name_length",
                "max_topic_length", "max_message_length", "realm_name")) {
            assertThat(reg.has(key)).as(key).isTrue();
        }
        assertThat(reg.get("user_settings").has("send_private_typing_notifications")).isTrue();
        // [channel name, topic, date muted]: the legacy list the client asserts has entries of length 3
        assertThat(reg.get("muted_topics").get(0).size()).isEqualTo(3);
        assertThat(reg.get("muted_topics").get(0).get(1).asText()).isEqualTo("noise");
        for (String key : List.of("streams", "pms", "huddles", "mentions")) assertThat(reg.get("unread_msgs").has(key)).as(key).isTrue();
        JsonNode sub = reg.get("subscriptions").get(0);
        for (String key : List.of("name", "stream_id", "color", "invite_only", "subscribers", "description", "date_created",
                "message_retention_days", "in_home_view", "pin_to_top", "desktop_notifications", "is_web_public")) {
            assertThat(sub.has(key)).as("subscription " + key).isTrue();
        }

        JsonNode page = terminal.get("/messages", "anchor", 0, "num_before", 30, "num_after", 10, "apply_markdown", false,
                "use_first_unread_anchor", true, "client_gravatar", false, "narrow", "[]").success();
        assertThat(page.has("ignored_parameters_unsupported")).isFalse();
        assertThat(page.has("anchor")).isTrue();
        JsonNode m = page.get("messages").get(page.get("messages").size() - 1);
        for (String key : List.of("id", "sender_id", "sender_full_name", "sender_email", "timestamp", "content", "type",
                "display_recipient", "subject", "stream_id", "flags", "reactions", "avatar_url")) {
            assertThat(m.has(key)).as("message " + key).isTrue();
        }

        owner.post("/messages", "type", "stream", "to", "terminal room", "topic", "lunch", "content", "*polled*").success();
        JsonNode events = terminal.get("/events", "queue_id", reg.get("queue_id").asText(),
                "last_event_id", reg.get("last_event_id").asText()).success().get("events");
        JsonNode event = events.get(0);
        assertThat(event.get("type").asText()).isEqualTo("message");
        assertThat(event.has("flags")).isTrue();
        assertThat(event.get("message").get("content").asText()).contains("<em>polled</em>");
        assertThat(event.get("message").get("subject").asText()).isEqualTo("lunch");
        // client_gravatar: the owner's avatar is a Gravatar the client computes itself, as GET /messages answers it
        assertThat(event.get("message").get("avatar_url").isNull()).isTrue();
    }

    /** Zulip anchors at the first unread message whenever use_first_unread_anchor is true, whatever anchor says. */
    @Test
    void firstUnreadAnchorWinsOverAnchor() {
        ApiClient reader = server.createUser("reader@example.com", "Reader", 400);
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "terminal room")),
                "principals", List.of(reader.userId)).success();
        long read = send("read one");
        long unread = send("unread one");
        send("another unread");
        reader.post("/messages/flags", "messages", List.of(read), "op", "add", "flag", "read").success();
        String narrow = "[{\"operator\":\"channel\",\"operand\":" + channel + "}]";
        JsonNode page = reader.get("/messages", "anchor", 0, "num_before", 0, "num_after", 1, "use_first_unread_anchor", true,
                "narrow", narrow).success();
        assertThat(page.get("anchor").asLong()).isEqualTo(unread);
        assertThat(page.get("messages").get(0).get("id").asLong()).isEqualTo(unread);
        assertThat(page.has("ignored_parameters_unsupported")).isFalse();
        // false: the anchor as sent
        JsonNode oldest = reader.get("/messages", "anchor", 0, "num_before", 0, "num_after", 1, "use_first_unread_anchor", false,
                "narrow", narrow).success();
        assertThat(oldest.get("messages").get(0).get("id").asLong()).isLessThan(unread);
    }

    private long send(String content) {
        return owner.post("/messages", "type", "stream", "to", "terminal room", "topic", "anchors", "content", content).success().get("id").asLong();
    }
}
