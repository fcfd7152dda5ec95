package dev.stoa.mobile;

import dev.stoa.emoji.RealmEmojiTest;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.TestServer;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Actions that make every kind of event the mobile app handles reach `app`'s queue (heartbeats aside: they take a minute). */
final class EventScript {
    /** The app's event classes (lib/api/model/events.dart) the script must produce. */
    static final Set<String> EXPECTED = Set.of("MessageEvent", "UpdateMessageEvent", "DeleteMessageEvent", "ReactionEvent",
            "UpdateMessageFlagsAddEvent", "UpdateMessageFlagsRemoveEvent", "TypingEvent", "PresenceEvent", "UserStatusEvent",
            "RealmEmojiAddEvent", "RealmEmojiUpdateOneEvent", "AlertWordsEvent", "UserSettingsUpdateEvent", "CustomProfileFieldsEvent",
            "UserGroupAddEvent", "UserGroupUpdateEvent", "UserGroupAddMembersEvent", "UserGroupRemoveMembersEvent",
            "RealmUserAddEvent", "RealmUserUpdateEvent", "SavedSnippetsAddEvent", "SavedSnippetsUpdateEvent", "SavedSnippetsRemoveEvent",
            "ChannelCreateEvent", "ChannelUpdateEvent", "ChannelDeleteEvent", "SubscriptionAddEvent", "SubscriptionRemoveEvent",
            "SubscriptionUpdateEvent", "SubscriptionPeerAddEvent", "SubscriptionPeerRemoveEvent", "ChannelFolderAddEvent",
            "UserTopicEvent", "MutedUsersEvent", "SubmessageEvent", "DeviceAddEvent");

    private EventScript() {}

    static void run(TestServer server, ApiClient owner, ApiClient admin, ApiClient app, ApiClient someone, long channel) throws Exception {
        long id = owner.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", "events", "content", "news").success().get("id").asLong();
        owner.patch("/messages/" + id, "content", "news, edited").success();
        owner.post("/messages/" + id + "/reactions", "emoji_name", "zulip").success();
        app.post("/messages/flags", "messages", List.of(id), "op", "add", "flag", "starred").success();
        app.post("/messages/flags", "messages", List.of(id), "op", "remove", "flag", "starred").success();
        long poll = owner.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", "events", "content", "/poll Tea?\nGreen").success().get("id").asLong();
        app.post("/submessage", "message_id", poll, "msg_type", "widget", "content", Json.write(Map.of("type", "vote", "key", "canned,0", "vote", 1))).success();
        owner.delete("/messages/" + id).success();
        owner.post("/typing", "op", "start", "type", "direct", "to", Json.write(List.of(app.userId))).success();
        owner.post("/users/me/presence", "status", "active").success();
        owner.post("/users/me/status", "status_text", "on the train", "emoji_name", "train").success();
        RealmEmojiTest.upload(admin, "phone_parrot", Map.of("f", RealmEmojiTest.png(0x00aa00))).success();
        admin.delete("/realm/emoji/phone_parrot").success();
        app.post("/users/me/alert_words", "alert_words", List.of("lunch")).success();
        app.patch("/settings", "twenty_four_hour_time", "true").success();
        admin.post("/realm/profile_fields", "name", "Phone", "field_type", "1").success();
        long group = owner.post("/user_groups/create", "name", "phone people", "description", "d", "members", List.of(owner.userId)).success().get("group_id").asLong();
        owner.patch("/user_groups/" + group, "description", "people with phones").success();
        owner.post("/user_groups/" + group + "/members", "add", List.of(app.userId)).success();
        owner.post("/user_groups/" + group + "/members", "delete", List.of(app.userId)).success();
        ApiClient newcomer = server.createUser("newcomer@example.com", "Newcomer", 400);
        newcomer.patch("/settings", "full_name", "New Comer").success();
        long snippet = app.post("/saved_snippets", "title", "hi", "content", "hello").success().get("saved_snippet_id").asLong();
        app.patch("/saved_snippets/" + snippet, "title", "hey").success();
        app.delete("/saved_snippets/" + snippet).success();
        long other = owner.post("/channels/create", "name", "phone extra", "subscribers", List.of(owner.userId, app.userId)).success().get("id").asLong();
        owner.patch("/streams/" + other, "description", "for phones").success();
        app.post("/users/me/subscriptions/properties", "subscription_data", List.of(Map.of("stream_id", other, "property", "pin_to_top", "value", true))).success();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "phone extra")), "principals", List.of(newcomer.userId)).success();
        owner.delete("/users/me/subscriptions", "subscriptions", List.of("phone extra"), "principals", List.of(newcomer.userId)).success();
        app.delete("/users/me/subscriptions", "subscriptions", List.of("phone extra")).success();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "phone extra")), "principals", List.of(app.userId)).success();
        owner.delete("/streams/" + other).success();
        admin.post("/channel_folders/create", "name", "Phones", "description", "").success();
        app.post("/user_topics", "stream_id", channel, "topic", "events", "visibility_policy", 3).success();
        app.post("/users/me/muted_users/" + admin.userId).success();
        app.post("/register_client_device").success();
    }
}
